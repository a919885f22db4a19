import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { gridDownloadMachine } from '../../machines/content/gridDownloadMachine.ts';
import { controlled, recorder, settle, systemActor, systemOf } from './contentFixtures.ts';

function start() {
  const presigns = controlled<{ itemId: string }>();
  const saved: { url: string; fileName: string }[] = [];
  const reported: string[] = [];
  const toasts = recorder();
  const machine = gridDownloadMachine.provide({
    actors: { presignVideo: presigns.logic as never },
    actions: { startDownload: (_, params) => void saved.push(params), reportError: (_, params) => void reported.push(params.message) },
  });
  const root = createActor(systemOf({ gridDownload: machine, toasts: toasts.logic })).start();
  const actor = systemActor(root, 'gridDownload') as AnyActorRef;
  return { actor, presigns: presigns.calls, saved, reported, toasts };
}

describe('grid download machine (review-and-content §6 item menu: download (video))', () => {
  it('asks for the video’s signed link and saves it; a second Download meanwhile is ignored', async () => {
    const t = start();
    t.actor.send({ type: 'gridDownload.video', itemId: 'i-video' });
    expect(t.actor.getSnapshot().hasTag('downloading')).toBe(true);
    t.actor.send({ type: 'gridDownload.video', itemId: 'i-other' });
    expect(t.presigns.map((call) => call.input)).toEqual([{ itemId: 'i-video' }]);
    t.presigns[0]!.resolve({ url: 'http://localhost/blobs/v.mp4?sig=1', fileName: 'Product demo.mp4' });
    await settle();
    expect(t.saved).toEqual([{ url: 'http://localhost/blobs/v.mp4?sig=1', fileName: 'Product demo.mp4' }]);
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(t.toasts.events).toEqual([]);
  });

  it('a refusal shows the download-failed toast with the service’s words; an unreadable answer says so too', async () => {
    const t = start();
    t.actor.send({ type: 'gridDownload.video', itemId: 'i-video' });
    t.presigns[0]!.reject(Object.assign(new Error('This version is not ready.'), { name: 'ContentRequestError', reason: 'invalidRequest' }));
    await settle();
    expect(t.saved).toEqual([]);
    expect(t.toasts.events).toEqual([expect.objectContaining({ type: 'toast.show', toast: expect.objectContaining({ severity: 'error', message: 'This version is not ready.' }) })]);
    t.actor.send({ type: 'gridDownload.video', itemId: 'i-video' });
    t.presigns[1]!.resolve({ url: '' });
    await settle();
    expect(t.toasts.events[1]).toMatchObject({ toast: { message: 'The download link could not be read.' } });
    expect(t.reported).toHaveLength(2);
  });
});
