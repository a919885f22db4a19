/**
 * The new-folder and move dialogs' maps (machines/content/dialogsMachine, which serves every content dialog, with its
 * `dialogs.open` cases narrowed to the flow's dialog; the folders and grid machines it hands the action to create the
 * folder or move the item on the real server). `opening` lasts one frame and `closing` 100 ms: the page shows the
 * dialog coming or going, checked as the user sees it settle.
 */
import type { Locator, Page } from '@playwright/test';
import { registryEntry } from '../../../machines/index.ts';
import { expect, itemCard, treeFolder, uniqueName } from '../fixtures.ts';
import { withoutCases, type FlowMap } from './driver.ts';
import { signInToGrid, uploadFreshItem } from './setup.ts';

const ALEX = 'alex.admin@example.com';

const registered = registryEntry('dialogs');
if (!registered) throw new Error('dialogs is not in the registry');

const onlyKind = (kind: string) =>
  withoutCases(registered, {
    'dialogs.open': {
      where: (payload) => (payload.dialog as { kind: string; hasFolders?: boolean }).kind !== kind || (payload.dialog as { hasFolders?: boolean }).hasFolders === false,
      why: `Another flow’s dialogs; a move with no folder to move to is not offered (the menu has no Move then).`,
    },
  });

/** Events of the dialogs machine that neither of these two flows sends. */
const OUTSIDE = {
  'dialogs.navigated': 'The grid’s answer to the access-denied dialog’s navigation (another dialog).',
  'dialogs.reset': 'Sent on sign-out, not from a dialog.',
  'dialogs.retry': 'The error dialog’s Try again (another dialog).',
  'dialogs.confirm': 'The confirmation dialogs’ button; the name and move dialogs confirm with a name or a destination.',
  'dialogs.refused':
    'A refusal the server sends for an action already handed on; the generated paths send it right after opening or cancelling, when no request of this dialog is on its way.',
};

interface DialogCtx {
  page: Page;
  dialog: Locator;
  folderName: string;
}

/** The dialog seen coming (one frame) or open: the same to a user. */
const shown = async ({ dialog }: DialogCtx) => {
  await expect(dialog).toBeVisible();
};
/** The dialog seen going (100 ms) or gone. */
const gone = async ({ dialog }: DialogCtx) => {
  await expect(dialog).toBeHidden();
};
/** The app's own timers: nothing for the user to do. */
const timer = async () => {};

export const newFolderMap: FlowMap<DialogCtx> = {
  name: 'new folder',
  entry: onlyKind('newFolder'),
  outside: {
    ...OUTSIDE,
    'dialogs.chooseDestination': 'The move dialog’s destination; the new-folder dialog has none.',
    'dialogs.createFolder': 'The move dialog’s New folder; the new-folder dialog has none.',
  },
  impossible: [{ sequence: [{ type: 'dialogs.submitName', name: '   ' }], why: 'Create folder is disabled and Enter does nothing while the name is blank.' }],
  async setup({ page }) {
    await signInToGrid(page, ALEX);
    await treeFolder(page, 'Team Library').click();
    return { page, dialog: page.getByRole('dialog', { name: 'New folder' }), folderName: uniqueName('Model folder') };
  },
  states: { closed: gone, opening: shown, open: shown, closing: gone },
  events: {
    async 'dialogs.open'({ page }) {
      await page.getByRole('group', { name: 'Folder actions' }).getByRole('button', { name: 'New folder' }).click();
    },
    'xstate.after.openFrame.dialogs.opening': timer,
    'xstate.after.closeDelay.dialogs.closing': timer,
    async 'dialogs.close'({ dialog }) {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    },
    async 'dialogs.submitName'({ page, dialog, folderName }) {
      // The case's name stands for "a name the service takes": a unique one, so each run makes its own folder.
      await dialog.getByRole('textbox', { name: 'Name' }).fill(folderName);
      await dialog.getByRole('textbox', { name: 'Name' }).press('Enter');
      await expect(treeFolder(page, folderName)).toBeVisible();
    },
  },
};

/** Per worker: the item the move paths that move nothing share (a path that moves gets an item of its own). */
let moved: { title: string; folder: string } | null = null;

export const moveMap: FlowMap<DialogCtx> = {
  name: 'move',
  entry: onlyKind('move'),
  outside: OUTSIDE,
  impossible: [{ sequence: ['dialogs.submitName'], why: 'The move dialog has no name field.' }],
  async setup({ page }, path) {
    await signInToGrid(page, ALEX);
    await treeFolder(page, 'Team Library').click();
    const moves = path.events.some((e) => e.type === 'dialogs.chooseDestination');
    if (!moved || moves) moved = { title: await uploadFreshItem(page, 'Model move', 'Onboarding'), folder: 'Onboarding' };
    else await treeFolder(page, moved.folder).click();
    return { page, dialog: page.getByRole('dialog', { name: `Move “${moved.title}”` }), folderName: uniqueName('Model target') };
  },
  states: { closed: gone, opening: shown, open: shown, closing: gone },
  events: {
    async 'dialogs.open'({ page }) {
      const card = itemCard(page, moved!.title);
      await card.getByRole('button', { name: `Actions for ${moved!.title}` }).click();
      await page.getByRole('menuitem', { name: 'Move to folder' }).click();
    },
    'xstate.after.openFrame.dialogs.opening': timer,
    'xstate.after.closeDelay.dialogs.closing': timer,
    async 'dialogs.close'({ dialog }) {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    },
    async 'dialogs.chooseDestination'({ page, dialog }) {
      // The case's destination stands for "another shared folder": from Onboarding up to Team Library.
      const target = 'Team Library';
      const tree = dialog.getByRole('tree', { name: 'Destination folders' });
      await tree.getByRole('treeitem', { name: target, exact: true }).click();
      await expect(dialog.getByText(`Moving to ${target}`)).toBeVisible();
      await dialog.getByRole('button', { name: 'Move here' }).click();
      await expect(page.getByText(`“${moved!.title}” moved to ${target}.`)).toBeVisible();
      moved!.folder = target;
    },
    async 'dialogs.createFolder'({ dialog }) {
      // The dialog names the new folder itself (a fresh "New folder" name) inside the folder picked.
      const tree = dialog.getByRole('tree', { name: 'Destination folders' });
      await tree.getByText('Private content', { exact: true }).click();
      await expect(dialog.getByText('Moving to Private content')).toBeVisible();
      const before = await tree.getByRole('treeitem').count();
      await dialog.getByRole('button', { name: 'New folder' }).click();
      await expect(tree.getByRole('treeitem')).toHaveCount(before + 1);
    },
  },
};
