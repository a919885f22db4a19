import type { ReactNode } from 'react';
import { Header } from './header/Header.tsx';
import { RealtimeBanner } from './RealtimeBanner.tsx';
import { SignOutConfirm } from './SignOutConfirm.tsx';

/** Header plus the page's main landmark (target of the skip link). */
export function AppLayout({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className="app-shell">
      <Header />
      <RealtimeBanner />
      <SignOutConfirm />
      <main id="main" className={className ? `page ${className}` : 'page'} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
