import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
// Tokens, base and what the first load's code draws (header, access screens, anonymous entry, the kit and toasts in
// common.css); a feature's own sheets load with its chunk (views/grid/GridScreen.tsx, views/item/ItemScreen.tsx,
// views/item/ItemTranslate.tsx, views/share/ShareDialog.tsx, views/SandboxPage.tsx, …).
import './styles/tokens.css';
import './styles/app.css';
import './styles/header.css';
import './styles/access.css';
import './styles/anon.css';
import './styles/common.css';
import { loadRuntimeConfig, saveFile } from './app/browser.ts';
import { createAppSystem } from './app/createSystem.ts';
import { AppRoutes } from './routes.tsx';
import { SystemProvider, useSystem } from './system.tsx';
import { isFeatureLoaded } from '../machines/session/appMachine.ts';
import { ToastsView } from './views/toasts/ToastsView.tsx';

// The uploads panel draws the uploads actor, which starts with the content feature (the grid, the item view): its code
// loads once that actor has something to show (an upload, or files it refused), and it stays on every page after.
const UploadsPanel = lazy(() => import('./views/uploads/UploadsPanel.tsx').then((m) => ({ default: m.UploadsPanel })));
function UploadsOnceLoaded() {
  const { app } = useSystem();
  const loaded = useSelector(app, (snapshot) => isFeatureLoaded(snapshot, 'content'));
  return loaded ? <UploadsOnceAny /> : null;
}
function UploadsOnceAny() {
  const { uploads } = useSystem();
  const any = useSelector(uploads, (snapshot) => snapshot.context.uploads.length > 0 || snapshot.matches({ notice: 'open' }));
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (any) setNeeded(true);
  }, [any]);
  return any || needed ? (
    <Suspense fallback={null}>
      <UploadsPanel />
    </Suspense>
  ) : null;
}

const root = createRoot(document.getElementById('root')!);

async function boot() {
  try {
    const config = await loadRuntimeConfig();
    const system = createAppSystem(config, { origin: window.location.origin, userAgent: navigator.userAgent, saveFile });
    root.render(
      <StrictMode>
        <SystemProvider system={system}>
          <Router>
            <AppRoutes />
            <ToastsView />
            <UploadsOnceLoaded />
          </Router>
        </SystemProvider>
      </StrictMode>,
    );
  } catch (error) {
    root.render(
      <main className="center-card boot-error" role="alert">
        <h1>The dashboard could not start</h1>
        <p>{error instanceof Error ? error.message : 'Unknown error.'}</p>
        <button type="button" onClick={() => window.location.reload()}>
          Try again
        </button>
      </main>,
    );
  }
}

void boot();
