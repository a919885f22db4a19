/**
 * The request-review dialog's map (machines/reviewRequests/requestDialogMachine): alex on a fresh item of his in Team
 * Library (one per worker, shared by the paths whose request does not go through), with the seed's recent reviewers.
 * The create request is held on its way to the server so `submitting` can be seen; the server's answer is the real
 * one, and its refusal a real one too (the request goes on with a due date in the past, which the service refuses with
 * its message).
 */
import type { Locator, Page } from '@playwright/test';
import { parseEmailList } from '../../../domain/sharing.ts';
import { registryEntry } from '../../../machines/index.ts';
import { expect, treeFolder } from '../fixtures.ts';
import type { FlowMap } from './driver.ts';
import { dayFromToday, holdNext, openItemCard, signInToGrid, uploadFreshItem, type HeldRequest } from './setup.ts';

const ALEX = 'alex.admin@example.com';
const CREATE = '**/api/review-requests';

interface RequestCtx {
  page: Page;
  dialog: Locator;
  leave: Locator;
  send: Locator;
  held: (() => Promise<HeldRequest>) | null;
}

/** Per worker: a fresh item of alex's with no review request yet, shared by the paths that send none. */
let unrequested: string | null = null;

const entry = registryEntry('requestDialog');
if (!entry) throw new Error('requestDialog is not in the registry');

export const requestReviewMap: FlowMap<RequestCtx> = {
  name: 'request review',
  entry,
  impossible: [
    { sequence: ['requestDialog.open', 'requestDialog.removeReviewer'], why: 'Remove is a button on a listed reviewer’s chip; right after opening no reviewer is listed.' },
    { sequence: ['requestDialog.pickRecent', 'requestDialog.pickRecent'], why: 'A recent reviewer once picked shows as added and its button is disabled.' },
  ],
  async setup({ page }, path) {
    await signInToGrid(page, ALEX);
    // A path whose request goes through leaves the item requested: it gets an item of its own.
    const requests = path.events.some((e) => e.type === 'xstate.done.actor.createReviewRequest');
    let title = requests ? null : unrequested;
    if (title) await treeFolder(page, 'Team Library').click();
    else title = await uploadFreshItem(page, 'Model request');
    if (!requests) unrequested = title;
    await openItemCard(page, title);
    const dialog = page.getByRole('dialog', { name: /^Request a review/ });
    return { page, dialog, leave: page.getByRole('dialog', { name: 'Leave without sending?' }), send: dialog.getByRole('button', { name: 'Send' }), held: null };
  },
  states: {
    async closed({ page, dialog }) {
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: /^(Request review|Review in progress)$/ })).toBeVisible();
    },
    async editing({ dialog, leave, send }) {
      await expect(dialog).toBeVisible();
      await expect(leave).toBeHidden();
      await expect(send).not.toHaveAttribute('aria-busy', 'true');
    },
    async submitting({ dialog, send }) {
      await expect(dialog).toBeVisible();
      await expect(send).toHaveAttribute('aria-busy', 'true');
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    },
    async confirmingLeave({ leave }) {
      await expect(leave).toBeVisible();
      await expect(leave.getByText('The reviewers and the message you entered will be lost.')).toBeVisible();
    },
  },
  events: {
    async 'requestDialog.open'({ page }) {
      await page.getByRole('button', { name: 'Request review', exact: true }).click();
    },
    async 'requestDialog.addEntry'({ dialog }, event) {
      const { text } = event as unknown as { text: string };
      const field = dialog.getByRole('textbox', { name: 'Reviewers', exact: true });
      await field.fill(text);
      await field.press('Enter');
      await expect(field).toHaveValue('');
      const { emails, invalid } = parseEmailList(text);
      const chips = dialog.getByRole('list', { name: 'Selected reviewers' });
      for (const email of emails) await expect(chips.getByText(email, { exact: true })).toBeVisible();
      for (const bad of invalid) await expect(dialog.getByText(`${bad} not found.`)).toBeVisible();
    },
    async 'requestDialog.pickRecent'({ dialog }) {
      // The case's e-mail stands for "one of the recent reviewers": alex's first one (the seed has asked some).
      const person = dialog.getByRole('button', { name: /^Add / }).first();
      await person.click();
      await expect(person).toHaveAttribute('aria-pressed', 'true');
      await expect(dialog.getByRole('list', { name: 'Selected reviewers' }).getByRole('listitem')).toHaveCount(1);
    },
    async 'requestDialog.setDueDate'({ dialog }, event) {
      const { date } = event as unknown as { date: string | null };
      const field = dialog.getByLabel('Due date (optional)');
      // The case's date stands for "a day from today on": the same choice a month ahead of the real today.
      const chosen = date === null ? '' : dayFromToday(30);
      await field.fill(chosen);
      await expect(field).toHaveValue(chosen);
    },
    async 'requestDialog.setMessage'({ dialog }, event) {
      const { message } = event as unknown as { message: string };
      const field = dialog.getByRole('textbox', { name: 'Message (optional)' });
      await field.fill(message);
      await expect(field).toHaveValue(message);
    },
    async 'requestDialog.submit'(ctx) {
      ctx.held = await holdNext(ctx.page, CREATE, 'POST');
      await ctx.send.click();
      await ctx.held();
    },
    async 'xstate.done.actor.createReviewRequest'({ page, held }) {
      await (await held!()).proceed();
      await expect(page.getByText('Review requested.')).toBeVisible();
    },
    async 'xstate.error.actor.createReviewRequest'({ page, held }) {
      const request = await held!();
      // A real refusal: the same request with a due date before today, which the service refuses.
      const body = { ...(request.request.postDataJSON() as Record<string, unknown>), dueDate: '2000-01-01' };
      await request.proceed(JSON.stringify(body));
      await expect(page.getByText('The review request wasn’t sent: The due date must be today or later.')).toBeVisible();
    },
    async 'requestDialog.close'({ dialog }) {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    },
    async 'requestDialog.leave'({ leave }) {
      await leave.getByRole('button', { name: 'Leave' }).click();
    },
    async 'requestDialog.stay'({ leave }) {
      await leave.getByRole('button', { name: 'Stay' }).click();
    },
  },
};
