/**
 * The share dialog's map (machines/sharing/shareMachine): alex on a fresh item of his private content (one per
 * worker; no path of the flow saves a change the service keeps). The permissions read and the save are held on
 * their way to the server so `loading` and `saving` can be seen; the answers are the real service's, and a failed read
 * or save is that one request failed with an HTTP error status.
 */
import type { Locator, Page } from '@playwright/test';
import { registryEntry } from '../../../machines/index.ts';
import { expect, treeFolder } from '../fixtures.ts';
import { withoutCases, type FlowMap } from './driver.ts';
import { holdNext, openItemCard, signInToGrid, uploadFreshItem, type HeldRequest } from './setup.ts';

const ALEX = 'alex.admin@example.com';
const PERMISSIONS = '**/api/items/*/permissions';
const SAVE = '**/api/items/*/share-settings/*';

interface ShareCtx {
  page: Page;
  dialog: Locator;
  held: (() => Promise<HeldRequest>) | null;
}

let sharedItem: string | null = null;

const registered = registryEntry('share');
if (!registered) throw new Error('share is not in the registry');
const unreadable = { where: (payload: Record<string, unknown>) => payload.output === null, why: 'The client turns an unreadable answer into an error: the service never gives one.' };
const entry = withoutCases(registered, {
  'xstate.done.actor.fetchSharePermissions': unreadable,
  'xstate.done.actor.saveShare': {
    where: (payload) => payload.output === null || !('invalidEmails' in (payload.output as object)),
    why: 'The only save of the flow adds the case’s e-mails, which are not accounts: the service answers with invalidEmails (an unreadable answer it never gives).',
  },
});

async function release(ctx: ShareCtx): Promise<HeldRequest> {
  if (!ctx.held) throw new Error('share map: no request is held');
  const held = await ctx.held();
  ctx.held = null;
  return held;
}

export const shareMap: FlowMap<ShareCtx> = {
  name: 'share',
  entry,
  outside: {
    'share.reset': 'Sent when the signed-in account changes (sign-out), not from the dialog.',
    'realtime.message': 'Another session’s share.updated push: a two-context flow, covered by share.spec.ts.',
  },
  impossible: [
    { sequence: ['share.open', 'share.copyLink'], why: 'The review link and Copy link are drawn with the form, once the permissions are read (so `open.link.copied` is not reached here).' },
    { sequence: ['xstate.done.actor.fetchSharePermissions', 'share.removePerson'], why: 'A fresh item lists only its owner, who has no Remove button.' },
    { sequence: ['xstate.done.actor.fetchSharePermissions', 'share.save'], why: 'Save is disabled until something changed (and absent when read-only).' },
    { sequence: ['xstate.done.actor.fetchSharePermissions', 'share.setAllowAnonComments'], why: 'The guest settings are drawn only in public mode; the fresh item is private.' },
    { sequence: ['xstate.done.actor.fetchSharePermissions', 'share.setPassword'], why: 'The password field is drawn only in public mode with a password required.' },
    { sequence: ['xstate.done.actor.fetchSharePermissions', 'share.setPasswordEnabled'], why: 'The password setting is drawn only in public mode; the fresh item is private.' },
  ],
  async setup({ page }) {
    await signInToGrid(page, ALEX);
    if (sharedItem) {
      await treeFolder(page, 'Private content').click();
      await openItemCard(page, sharedItem);
    } else {
      sharedItem = await uploadFreshItem(page, 'Model share', 'Private content');
      await openItemCard(page, sharedItem);
      // New items are public; the fetch case of the paths is a private item: made so once, in the same dialog.
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Share “${sharedItem}”` });
      await dialog.getByRole('radio', { name: /Only people with access/ }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
    }
    return { page, dialog: page.getByRole('dialog', { name: `Share “${sharedItem}”` }), held: null };
  },
  states: {
    async closed({ dialog }) {
      await expect(dialog).toBeHidden();
    },
    async 'open.dialog.loading'({ dialog }) {
      await expect(dialog.getByText('Loading who has access…')).toBeVisible();
    },
    async 'open.dialog.fetchError'({ dialog }) {
      await expect(dialog.getByText('We couldn’t load who has access to this item.')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    async 'open.dialog.editing'({ page, dialog }) {
      await expect(dialog.getByRole('group', { name: 'Who can open it' })).toBeVisible();
      await expect(page.getByRole('dialog', { name: /^(Leave without saving\?|Sharing wasn’t saved|Some people weren’t added)$/ })).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-busy', 'true');
    },
    async 'open.dialog.saving'({ dialog }) {
      await expect(dialog.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true');
    },
    async 'open.dialog.invalidEmails'({ page }) {
      const notice = page.getByRole('dialog', { name: 'Some people weren’t added' });
      await expect(notice.getByText('These entries are not e-mail addresses of accounts, so they were not added:')).toBeVisible();
    },
    async 'open.dialog.saveError'({ page }) {
      const notice = page.getByRole('dialog', { name: 'Sharing wasn’t saved' });
      await expect(notice.getByText('Something went wrong while saving the sharing settings. Please try again.')).toBeVisible();
    },
    async 'open.dialog.confirmingLeave'({ page }) {
      await expect(page.getByRole('dialog', { name: 'Leave without saving?' }).getByText('Your changes to how this item is shared will be lost.')).toBeVisible();
    },
    async 'open.link.idle'({ dialog }) {
      // The link row is drawn with the form; while loading or failed there is none to check.
      const copy = dialog.getByRole('button', { name: /^(Copy link|Copied)$/ });
      if (await copy.count()) await expect(copy).toHaveText('Copy link');
    },
  },
  events: {
    async 'share.open'(ctx) {
      ctx.held = await holdNext(ctx.page, PERMISSIONS, 'GET');
      await ctx.page.getByRole('button', { name: 'Share', exact: true }).click();
      await ctx.held();
    },
    async 'xstate.done.actor.fetchSharePermissions'(ctx, event) {
      await (await release(ctx)).proceed();
      // The service's real answer is the case's: the item's mode as the case has it.
      const { settings } = (event as unknown as { output: { settings: { isPrivate: boolean } } }).output;
      await expect(ctx.dialog.getByRole('radio', { name: settings.isPrivate ? /Only people with access/ : /Anyone with the link/ })).toBeChecked();
    },
    async 'xstate.error.actor.fetchSharePermissions'(ctx) {
      await (await release(ctx)).fail(500, 'The permissions could not be read.');
    },
    async 'share.retry'(ctx) {
      ctx.held = await holdNext(ctx.page, PERMISSIONS, 'GET');
      await ctx.dialog.getByRole('button', { name: 'Try again' }).click();
      await ctx.held();
    },
    async 'share.close'({ dialog }) {
      await dialog.getByRole('button', { name: /^(Cancel|Close)$/ }).first().click();
    },
    async 'share.setMode'({ dialog }, event) {
      const { mode } = event as unknown as { mode: 'public' | 'private' };
      await dialog.getByRole('radio', { name: mode === 'public' ? /Anyone with the link/ : /Only people with access/ }).check();
    },
    async 'share.setPasswordEnabled'({ dialog }, event) {
      const { value } = event as unknown as { value: boolean };
      await dialog.getByRole('checkbox', { name: 'Require a password' }).setChecked(value);
    },
    async 'share.addEmails'({ dialog }, event) {
      const { text } = event as unknown as { text: string };
      await dialog.getByRole('textbox', { name: 'Add people by e-mail' }).fill(text);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    },
    async 'share.save'(ctx) {
      ctx.held = await holdNext(ctx.page, SAVE, 'PUT');
      // A draft with a problem (a password required but empty) is not sent: the request is awaited by the answer's event.
      await ctx.dialog.getByRole('button', { name: 'Save' }).click();
    },
    async 'xstate.done.actor.saveShare'(ctx) {
      await (await release(ctx)).proceed();
    },
    async 'xstate.error.actor.saveShare'(ctx) {
      await (await release(ctx)).fail(403, 'Only the owner or editors can change sharing.');
    },
    async 'share.confirm'({ page }) {
      await page.getByRole('dialog', { name: /^(Sharing wasn’t saved|Some people weren’t added)$/ }).getByRole('button', { name: 'OK' }).click();
    },
    async 'share.leave'({ page }) {
      await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
    },
    async 'share.stay'({ page }) {
      await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Stay' }).click();
    },
  },
};
