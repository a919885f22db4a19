import { beforeAll, describe, expect, it } from 'vitest';
import { preloadLazyRoutes } from '../routes.tsx';
import { DEMO } from '../../domain/currentUser.fixtures.ts';
import { accountFor, authIn, flagsWith, renderRoute, sessionWith } from './testSystem.tsx';


// Lazy routes draw their skeleton until their chunk has loaded; load them so the pages themselves render.
beforeAll(() => preloadLazyRoutes());

function render(url: string, auth = authIn('signedIn')): string {
  return renderRoute(url, { auth });
}

describe('views', () => {
  it('greets the signed-in person on the dashboard and marks it current', () => {
    const html = render('/');
    expect(html).toContain('Welcome, Alex');
    expect(html).toMatch(/aria-current="page"[^>]*>Dashboard</);
    // The button shows the initials, so its name starts with them (WCAG 2.5.3).
    expect(html).toContain('aria-label="AA: account menu of Alex Admin"');
  });

  it('shows the item grid screen on /review: the sub-header with search and product filter, and the folder tree', () => {
    const html = renderRoute('/review', { session: sessionWith({ account: accountFor(DEMO.alex) }) });
    expect(html).toContain('My content');
    expect(html).toContain('maxLength="255"');
    expect(html).toContain('All Formats');
    expect(html).toContain('All content');
    expect(html).toContain('Trash');
  });

  it('guards: loading while auth loads, redirecting when signed out', () => {
    expect(render('/review', authIn('idle'))).toContain('Loading…');
    expect(render('/review', authIn('ready'))).toContain('Redirecting to sign-in…');
  });

  it('explains the sign-out reason from the context or a valid ?reason', () => {
    expect(render('/signin', authIn('ready', { lastSignOutReason: 'sessionInactive' }))).toContain('You were signed out because your session was inactive.');
    expect(render('/signin?reason=sessionClosed', authIn('ready'))).toContain('Your session was closed. Sign in again to continue.');
    expect(render('/signin?reason=bogus', authIn('ready'))).not.toContain('k-banner');
  });

  it('shows the app-name banner only for a redirect to the authoring host (links.authoring)', () => {
    expect(render('/signin?redirect_url=https://authoring.example.com/a', authIn('ready'))).toContain('Sign in to continue to Rise.');
    expect(render('/signin?redirect_url=https%3A%2F%2Fauthoring.example.com%2Fcourse%3Fid%3D1', authIn('ready'))).toContain('Sign in to continue to Rise.');
    expect(render('/signin?redirect_url=https://rise.example.com/a', authIn('ready'))).not.toContain('continue to Rise');
    expect(render('/signin?redirect_url=https://authoring.example.com.evil.com/a', authIn('ready'))).not.toContain('continue to Rise');
    expect(render('/signin?redirect_url=https://evil.example.com/https://authoring.example.com', authIn('ready'))).not.toContain('continue to Rise');
    expect(render('/signin?redirect_url=not a url', authIn('ready'))).not.toContain('continue to Rise');
  });

  it('tells a signed-in person who they are on /signin', () => {
    expect(render('/signin')).toContain('You are signed in as Alex Admin.');
  });

  it('renders not-found for multi-segment paths', () => {
    expect(render('/review/a/b')).toContain('Page not found');
    expect(render('/a/b')).toContain('Page not found');
  });

  it('shows a loading screen on /auth-callback before the callback completes', () => {
    expect(render('/auth-callback?code=x&state=y', authIn('idle'))).toContain('Signing you in…');
  });
});

describe('authoring dashboard', () => {
  it('greets by first name, offers the new-course button and shows the templates and webinars loading (review-and-content §2)', () => {
    const html = renderRoute('/', { session: sessionWith({ account: accountFor(DEMO.tara) }), flags: flagsWith() });
    expect(html).toContain('Welcome, ');
    expect(html).toContain('New course');
    expect(html).toContain('Start from a template');
    expect(html).toContain('Loading templates…');
    expect(html).toContain('Loading recent webinars…');
    expect(html).toContain('Recent webinars');
  });
});
