import type { ReactNode } from 'react';
import { Header } from './Header.tsx';

/** Header plus the page's main landmark (target of the skip link). */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="app-shell">
      <Header />
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
