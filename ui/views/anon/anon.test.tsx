import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { createActor } from 'xstate';
import { authMachine } from '../../../machines/session/authMachine.ts';
import { inert } from '../../../machines/inert.ts';
import { SystemProvider } from '../../system.tsx';
import { authIn, testSystem } from '../testSystem.tsx';
import { RequireReviewer } from './RequireReviewer.tsx';

function render(auth: ReturnType<typeof authIn>): string {
  return renderToString(
    <SystemProvider system={testSystem({ auth })}>
      <Router ssrPath="/review/content/abc/review">
        <RequireReviewer>
          <p>the item</p>
        </RequireReviewer>
      </Router>
    </SystemProvider>,
  );
}

describe('review content for signed-in people and anonymous reviewers (foundation §1, §5)', () => {
  it('a signed-in person sees the content', () => {
    expect(render(authIn('signedIn'))).toContain('the item');
  });

  it('nobody signed in: the e-mail step (≤ 100 characters) with sign-in offered, under the content-library header', () => {
    const html = render(authIn('ready'));
    expect(html).not.toContain('the item');
    expect(html).toContain('Review this content');
    expect(html).toMatch(/<input[^>]*type="email"[^>]*maxLength="100"/);
    expect(html).toContain('Have an account?');
    expect(html).toContain('class="app-header content-library-header"');
  });

  it('an anonymous reviewer (anon|<email>) sees the content', () => {
    const auth = createActor(inert(authMachine)).start();
    auth.send({ type: 'xstate.done.actor.loadStoredSession', output: { session: null, lastSignOutReason: null } } as never);
    auth.send({ type: 'auth.signInAnonymously', email: 'Guest@Example.com' });
    auth.send({ type: 'xstate.done.actor.lookupProfile', output: { exists: false } } as never);
    expect(auth.getSnapshot().context.anonymousUser).toMatchObject({ id: 'anon|guest@example.com', email: 'guest@example.com' });
    expect(render(auth)).toContain('the item');
  });

  it('while the lookup runs the e-mail step says it is checking', () => {
    const auth = authIn('ready');
    auth.send({ type: 'auth.signInAnonymously', email: 'someone@example.com' });
    expect(render(auth)).toContain('Checking…');
  });
});
