import { beforeAll, describe, expect, it } from 'vitest';
import { preloadLazyRoutes } from '../routes.tsx';
import { createActor } from 'xstate';
import { DEMO } from '../../domain/currentUser.fixtures.ts';
import type { OutboxEntry } from '../../domain/notifications.ts';
import { inert } from '../../machines/inert.ts';
import { outboxMachine } from '../../machines/session/outboxMachine.ts';
import { accountFor, renderRoute, sessionWith } from './testSystem.tsx';

const staff = () => sessionWith({ account: accountFor(DEMO.alex, { isStaff: true }) });

const ENTRY: OutboxEntry = {
  id: 'o1',
  recipientId: 'u-sam',
  recipientEmail: 'sam@example.com',
  itemId: 'item-1',
  itemTitle: 'Intro <b>course</b>',
  commentId: 'c1',
  kind: 'mention',
  level: 'mute',
  frequency: 'daily',
  actor: 'Alex Admin',
  excerpt: '<img src=x onerror=alert(1)> have a look',
  link: 'javascript:alert(1)',
  createdAt: '2026-11-21T10:00:00.000Z',
  deliverAt: '2026-11-22T08:00:00.000Z',
  deliveredAt: null,
};

/** An outbox actor that has read `answer` (or failed with `error`). */

// Lazy routes draw their skeleton until their chunk has loaded; load them so the pages themselves render.
beforeAll(() => preloadLazyRoutes());

function outboxWith(outcome: { entries: unknown[] } | { error: { name: string; status: number; message: string } }) {
  const outbox = createActor(inert(outboxMachine)).start();
  outbox.send({ type: 'outbox.open', itemId: null });
  if ('error' in outcome) outbox.send({ type: 'xstate.error.actor.fetchOutbox', error: outcome.error } as never);
  else outbox.send({ type: 'xstate.done.actor.fetchOutbox', output: outcome } as never);
  return outbox;
}

describe('/sandbox notification outbox', () => {
  it('lists each entry with recipient, kind, level, frequency, delivery time, item, actor and excerpt, as text', () => {
    const html = renderRoute('/sandbox', { session: staff(), outbox: outboxWith({ entries: [ENTRY] }) });
    expect(html).toContain('Notification outbox');
    for (const column of ['Created', 'Recipient', 'Kind', 'Level', 'Frequency', 'Deliver at', 'Delivered', 'Item', 'Actor', 'Excerpt']) expect(html).toContain(`<th scope="col">${column}</th>`);
    expect(html).toContain('sam@example.com');
    expect(html).toContain('<td>Mention</td><td>Mute</td><td>Daily (09:00 local)</td>');
    expect(html).toContain('dateTime="2026-11-22T08:00:00.000Z"');
    // Service data is text: no markup from it, and no script link.
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; have a look');
    expect(html).toContain('Intro &lt;b&gt;course&lt;/b&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('Refresh');
  });

  it('says whether each notification went out, and when', () => {
    const sent = { ...ENTRY, id: 'o2', deliveredAt: '2026-11-22T08:00:05.000Z' };
    const html = renderRoute('/sandbox', { session: staff(), outbox: outboxWith({ entries: [ENTRY, sent] }) });
    expect(html).toContain('Not yet');
    expect(html).toMatch(/<time dateTime="2026-11-22T08:00:05.000Z">Sent Nov 22, 2026/);
  });

  it('says when there is nothing yet, and when only staff may read it', () => {
    expect(renderRoute('/sandbox', { session: staff(), outbox: outboxWith({ entries: [] }) })).toContain('No notifications yet.');
    const refused = renderRoute('/sandbox', { session: staff(), outbox: outboxWith({ error: { name: 'HttpError', status: 403, message: 'Forbidden' } }) });
    expect(refused).toContain('The outbox could not be read.');
    expect(refused).toContain('Only staff may read the outbox.');
  });
});
