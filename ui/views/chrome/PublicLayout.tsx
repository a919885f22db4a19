import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useSystem } from '../../system.tsx';
import { AppLayout } from '../AppLayout.tsx';
import { ContentLibraryHeader } from '../header/ContentLibraryHeader.tsx';
import { BrowserBanner } from './BrowserBanner.tsx';
import { FlashBar } from './FlashBar.tsx';
import { Footer } from './Footer.tsx';

/** A page open to everyone: the app's layout when signed in, the content-library header and signed-out footer otherwise. */
export function PublicLayout({ children, className }: { children: ReactNode; className?: string }) {
  const { session } = useSystem();
  const signedIn = useSelector(session, (s) => s.matches('loggedIn'));
  if (signedIn) return <AppLayout className={className}>{children}</AppLayout>;
  return (
    <div className="app-shell">
      <ContentLibraryHeader />
      <BrowserBanner />
      <FlashBar />
      <main id="main" className={className ? `page ${className}` : 'page'} tabIndex={-1}>
        {children}
      </main>
      <Footer signedIn={false} />
    </div>
  );
}
