/**
 * The upload flow's map (machines/uploads/uploadsMachine, which runs one uploadMachine per file): alex on his private
 * content drags files over the grid and drops them. A story zip really uploads (its upload address call is held so
 * the busy uploads toast can be seen, then goes on to the server); a file whose bytes are not what its name says is
 * refused by the app's own inspection with the file-not-supported dialog. `upload.changed` is each file's upload
 * machine reporting: the real upload going on, nothing the user does.
 */
import { Buffer } from 'node:buffer';
import type { JSHandle, Locator, Page } from '@playwright/test';
import { registryEntry } from '../../../machines/index.ts';
import { dropFiles, expect, treeFolder, uniqueName, type TestFile } from '../fixtures.ts';
import { FLEETING, type FlowMap } from './driver.ts';
import { holdNext, signInToGrid, storyFile, type HeldRequest } from './setup.ts';

const ALEX = 'alex.admin@example.com';
const UPLOAD_URL = '**/api/uploads/url?**';

interface UploadsCtx {
  page: Page;
  items: Locator;
  panel: Locator;
  notSupported: Locator;
  overlay: Locator;
  /** The elements a drag is over, outermost first (the grid, then a card in it). */
  dragStack: Locator[];
  drag: JSHandle<DataTransfer> | null;
  file: TestFile | null;
  /** Set when the file dropped is refused by the app's own inspection. */
  refused: boolean;
  held: (() => Promise<HeldRequest>) | null;
}

const entry = registryEntry('uploads');
if (!entry) throw new Error('uploads is not in the registry');

type Changed = { status: string; unsupported?: unknown };

async function dragData(ctx: UploadsCtx): Promise<JSHandle<DataTransfer>> {
  ctx.drag ??= await ctx.page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['x'], 'course.zip', { type: 'application/zip' }));
    return transfer;
  });
  return ctx.drag;
}

export const uploadsMap: FlowMap<UploadsCtx> = {
  name: 'uploads',
  entry,
  outside: {
    'uploads.reset': 'Sent on sign-out, not from the upload flow.',
    'uploads.versionUpdated': 'A version push for an item view’s upload of a new version (the item view’s flow).',
  },
  impossible: [
    { sequence: ['upload.changed'], atStart: true, why: 'An upload reports only once a file was dropped; none was.' },
    { sequence: ['uploads.cancel'], atStart: true, why: 'Cancel is a button on a listed upload; none is listed.' },
    { sequence: ['uploads.cancelAll'], atStart: true, why: 'Cancel all is offered (and sign-out cancels) only while uploads run; none does.' },
    { sequence: ['uploads.retry'], atStart: true, why: 'Retry is a button on a failed upload; none is listed.' },
  ],
  async setup({ page }) {
    await signInToGrid(page, ALEX);
    await treeFolder(page, 'Private content').click();
    const items = page.getByRole('list', { name: 'Items' });
    await expect(items.getByRole('article').first()).toBeVisible();
    return {
      page,
      items,
      panel: page.getByRole('region', { name: 'Uploads' }),
      notSupported: page.getByRole('dialog', { name: 'File not supported' }),
      overlay: page.getByText(/^Drop files to upload to /),
      dragStack: [],
      drag: null,
      file: null,
      refused: false,
      held: null,
    };
  },
  states: {
    async 'activity.idle'({ panel }) {
      await expect(panel).toHaveCount(0);
    },
    async 'activity.busy'({ panel, file }) {
      await expect(panel.getByRole('progressbar', { name: `Upload progress of ${file!.name}` })).toBeVisible();
      await expect(panel.getByText('Uploading 1 file…')).toBeVisible();
    },
    async 'dropTarget.idle'({ overlay }) {
      await expect(overlay).toBeHidden();
    },
    async 'dropTarget.dragOver'({ overlay }) {
      await expect(overlay).toBeVisible();
    },
    async 'notice.closed'({ notSupported }) {
      await expect(notSupported).toBeHidden();
    },
    async 'notice.open'({ notSupported, file }) {
      await expect(notSupported).toContainText(`“${file!.name}” doesn’t contain what its name says.`);
    },
  },
  events: {
    async 'uploads.dragEnter'(ctx) {
      const data = await dragData(ctx);
      // The first enter is the grid's; a second one a card's inside it (the browser's order: inner enter, then outer leave).
      const target = ctx.dragStack.length === 0 ? ctx.items : ctx.items.getByRole('article').first();
      await target.dispatchEvent('dragenter', { dataTransfer: data });
      ctx.dragStack.push(target);
    },
    async 'uploads.dragLeave'(ctx) {
      const target = ctx.dragStack.shift();
      if (!target) throw new Error('dragLeave with no drag going on');
      await target.dispatchEvent('dragleave', { dataTransfer: await dragData(ctx) });
    },
    async 'uploads.dragEnd'(ctx) {
      await ctx.items.dispatchEvent('dragend', { dataTransfer: await dragData(ctx) });
      ctx.dragStack = [];
    },
    async 'uploads.add'(ctx, event, path, index) {
      const { files, target } = event as unknown as { files: unknown[]; target: { kind: string } };
      if (files.length !== 1 || target.kind !== 'newItem') throw new Error('uploads.add: this map drops one file for a new item');
      // What the file must be follows from how its upload ends later in the path.
      const outcome = path.events.slice(index + 1).find((e) => e.type === 'upload.changed') as unknown as Changed | undefined;
      ctx.refused = !!outcome?.unsupported;
      const name = uniqueName('Model upload');
      ctx.file = ctx.refused ? { name: `${name}.zip`, mimeType: 'application/zip', buffer: Buffer.from('just some notes, not a zip\n') } : storyFile(name);
      if (!ctx.refused) ctx.held = await holdNext(ctx.page, UPLOAD_URL, '*');
      await dropFiles(ctx.items, [ctx.file]);
      // A refused file makes no request to hold: the busy toast may be gone before a look.
      return ctx.refused ? FLEETING : undefined;
    },
    async 'upload.changed'(ctx, event) {
      const { status, unsupported } = event as unknown as Changed;
      if (status === 'uploaded') {
        await (await ctx.held!()).proceed();
        await expect(ctx.page.getByText(`Upload complete: ${ctx.file!.name}`)).toBeVisible();
      } else if (status === 'error' && unsupported) {
        // The app's own inspection refuses the file: nothing to do but wait for its answer (the notice's check).
      } else {
        throw new Error(`upload.changed ${status}: no real way to reach it is mapped (a stalled or canceled upload)`);
      }
    },
    async 'uploads.closeNotSupported'({ notSupported }) {
      await notSupported.getByRole('button', { name: 'Okay' }).click();
    },
  },
};
