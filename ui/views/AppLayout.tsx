import type { ReactNode } from 'react';
import { Header } from './header/Header.tsx';
import { RealtimeBanner } from './RealtimeBanner.tsx';
import { SignOutConfirm } from './SignOutConfirm.tsx';
// Footer, unsupported-browser banner and flash message bar.
import { BrowserBanner } from './chrome/BrowserBanner.tsx';
import { FlashBar } from './chrome/FlashBar.tsx';
import { Footer } from './chrome/Footer.tsx';

/** Header plus the page's main landmark (target of the skip link). */
export function AppLayout({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className="app-shell">
      <Header />
      <RealtimeBanner />
      <SignOutConfirm />
      {/* Unsupported-browser banner and flash message bar. */}
      <BrowserBanner />
      <FlashBar />
      <main id="main" className={className ? `page ${className}` : 'page'} tabIndex={-1}>
        {children}
      </main>
      {/* Footer (signed-in variant). */}
      <Footer signedIn />
    </div>
  );
}
