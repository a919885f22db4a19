import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { toastFor } from '../../../domain/toasts.ts';
import { toastsMachine } from '../../../machines/session/toastsMachine.ts';
import { SystemProvider } from '../../system.tsx';
import { testSystem } from '../testSystem.tsx';
import { ToastsView } from './ToastsView.tsx';

function render(send: (toasts: ReturnType<typeof createActor<typeof toastsMachine>>) => void): string {
  const toasts = createActor(toastsMachine).start();
  send(toasts);
  return renderToString(
    <SystemProvider system={testSystem({ toasts })}>
      <ToastsView />
    </SystemProvider>,
  );
}

describe('toasts on screen', () => {
  it('keeps an empty, labelled live region so new toasts are announced', () => {
    const html = render(() => {});
    expect(html).toContain('aria-label="Notifications"');
    expect(html).toContain('aria-live="polite"');
  });

  it("shows the spec's fixed text for the update-user-role error (foundation §8)", () => {
    const req = toastFor('updateUserRoleError');
    const html = render((t) => t.send({ type: 'toast.show', toast: { id: req.id, severity: req.severity, kind: 'default', text: req.text, message: null } }));
    expect(html).toContain('There was an error. Please try again later.');
    expect(html).toContain('aria-label="Dismiss"');
  });

  it('includes the error message for check-user-has-reach-access (foundation §8 "message included")', () => {
    const req = toastFor('checkUserHasReachAccessError', 'Reach is not reachable');
    const html = render((t) => t.send({ type: 'toast.show', toast: { id: req.id, severity: req.severity, kind: 'default', text: req.text, message: req.message } }));
    expect(html).toContain('check your access to Reach');
    expect(html).toContain('Reach is not reachable');
  });
});
