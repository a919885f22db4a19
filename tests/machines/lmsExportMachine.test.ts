import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { LMS_EXPORT_FAILED_MESSAGE, lmsExportMachine, type LmsExportRequest } from '../../machines/lmsExport/lmsExportMachine.ts';

/** The LMS export dialog's machine with a fake `lms.export` (review-and-content §2, §3, §5, §8, §9). */
function start(answer: (input: LmsExportRequest) => Promise<unknown>) {
  const sent: LmsExportRequest[] = [];
  const downloads: { url: string; fileName: string }[] = [];
  const errors: string[] = [];
  const actor = createActor(
    lmsExportMachine.provide({
      actors: { requestExport: fromPromise(({ input }: { input: LmsExportRequest }) => (sent.push(input), answer(input))) },
      actions: { startDownload: (_, params) => void downloads.push(params), reportError: (_, params) => void errors.push(params.message) },
    }),
  ).start();
  return { actor, sent, downloads, errors };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lmsExport', () => {
  it('opens with SCORM 1.2, 80 % and the item title; clamps the percent; sends the choices; offers the pushed package', async () => {
    const t = start(async () => ({ version: 2 }));
    t.actor.send({ type: 'lmsExport.open', itemId: 'i-video', title: 'All-hands' });
    expect(t.actor.getSnapshot().context).toMatchObject({ target: 'scorm12', completePercent: 80, title: 'All-hands' });
    t.actor.send({ type: 'lmsExport.setPercent', value: 150 });
    expect(t.actor.getSnapshot().context.completePercent).toBe(100);
    t.actor.send({ type: 'lmsExport.setPercent', value: '-3' });
    expect(t.actor.getSnapshot().context.completePercent).toBe(0);
    t.actor.send({ type: 'lmsExport.setPercent', value: 65 });
    t.actor.send({ type: 'lmsExport.setTarget', target: 'scorm2004_4th' });
    t.actor.send({ type: 'lmsExport.setTarget', target: 'scorm3' });
    t.actor.send({ type: 'lmsExport.submit' });
    await settle();
    expect(t.sent).toEqual([{ itemId: 'i-video', versionKey: null, target: 'scorm2004_4th', completePercent: 65, title: 'All-hands' }]);
    expect(t.actor.getSnapshot().value).toBe('building');
    // Another item's package, or another version, is not this one.
    t.actor.send({ type: 'lmsExport.packageReady', itemId: 'i-other', version: 2, url: 'http://x/a' });
    t.actor.send({ type: 'lmsExport.packageReady', itemId: 'i-video', version: 1, url: 'http://x/b' });
    expect(t.actor.getSnapshot().value).toBe('building');
    t.actor.send({ type: 'lmsExport.packageReady', itemId: 'i-video', version: 2, url: 'http://x/c' });
    expect(t.actor.getSnapshot().value).toBe('ready');
    t.actor.send({ type: 'lmsExport.download' });
    expect(t.downloads).toEqual([{ url: 'http://x/c', fileName: 'All-hands (SCORM 2004 (4th edition)).zip' }]);
  });

  it('keeps an empty title from being sent, and says why', () => {
    const t = start(async () => ({ version: 1 }));
    t.actor.send({ type: 'lmsExport.open', itemId: 'i-video', title: 'Intro' });
    t.actor.send({ type: 'lmsExport.setTitle', title: '   ' });
    t.actor.send({ type: 'lmsExport.submit' });
    expect(t.actor.getSnapshot().value).toBe('editing');
    expect(t.actor.getSnapshot().context.titleError).toBe('The package needs a title.');
    expect(t.sent).toEqual([]);
  });

  it('fails generically on a refusal and tries again with the same choices', async () => {
    const t = start(async () => {
      throw new Error('Only the owner and people whose folder role allows export to LMS can export this video.');
    });
    t.actor.send({ type: 'lmsExport.open', itemId: 'i-video', title: 'Intro' });
    t.actor.send({ type: 'lmsExport.setTarget', target: 'xapi' });
    t.actor.send({ type: 'lmsExport.submit' });
    await settle();
    expect(t.actor.getSnapshot().value).toBe('failed');
    expect(LMS_EXPORT_FAILED_MESSAGE).toBe('The export failed. Please try again.');
    expect(t.errors[0]).toContain('folder role');
    t.actor.send({ type: 'lmsExport.retry' });
    expect(t.actor.getSnapshot().value).toBe('editing');
    expect(t.actor.getSnapshot().context.target).toBe('xapi');
    t.actor.send({ type: 'lmsExport.close' });
    expect(t.actor.getSnapshot().value).toBe('closed');
  });

  it('closes at sign-out whatever it was doing, forgetting the choices', async () => {
    const t = start(() => new Promise(() => {}));
    t.actor.send({ type: 'lmsExport.open', itemId: 'i-video', title: 'Intro' });
    t.actor.send({ type: 'lmsExport.setTarget', target: 'aicc' });
    t.actor.send({ type: 'lmsExport.submit' });
    expect(t.actor.getSnapshot().value).toBe('requesting');
    t.actor.send({ type: 'lmsExport.reset' });
    expect(t.actor.getSnapshot().value).toBe('closed');
    expect(t.actor.getSnapshot().context).toMatchObject({ itemId: null, target: 'scorm12', title: '' });
  });
});
