import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
// Tokens, base and the sheets more than one route uses; a feature's own sheets load with its chunk (views/item/ItemScreen.tsx,
// views/item/ItemTranslate.tsx, views/share/ShareDialog.tsx, …).
import './styles/tokens.css';
import './styles/app.css';
import './styles/header.css';
import './styles/access.css';
import './styles/sandbox.css';
import './styles/anon.css';
import './styles/content.css';
import './styles/item.css';
import './styles/commentsPanel.css';
import { loadRuntimeConfig, saveFile } from './app/browser.ts';
import { createAppSystem } from './app/createSystem.ts';
import { AppRoutes } from './routes.tsx';
import { SystemProvider } from './system.tsx';
import { ToastsView } from './views/toasts/ToastsView.tsx';
import { UploadsPanel } from './views/uploads/UploadsPanel.tsx';

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
            <UploadsPanel />
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
