import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type ActorRefFrom } from 'xstate';
import { COPY_CONFIRMATION_MS, SHARE_LIST_HEIGHT_PX, SHARE_LIST_HEIGHT_TALL_PX } from '../../domain/constants.ts';
import type { PermissionPerson, PermissionsResponse, ShareReason, ShareSettings } from '../../domain/sharing.ts';
import { appMachine } from '../../machines/index.ts';
import { inert } from '../../machines/inert.ts';
import {
  hasUnsavedChangesOf,
  shareListHeightOf,
  shareMachine,
  sharePasswordProblemOf,
  sharePeopleOf,
  type ShareSaveInput,
} from '../../machines/sharing/shareMachine.ts';
import { controlled, settle } from './contentFixtures.ts';

const person = (userId: string, email: string, reasons: ShareReason[], role: 0 | 1 | 2 = 0): PermissionPerson => ({
  userId,
  profile: { firstName: userId, lastName: 'Person', email, links: { micro: null } },
  reasons,
  role,
});

const PEOPLE: PermissionPerson[] = [
  person('alex', 'alex@example.com', ['owner'], 2),
  person('sam', 'sam@example.com', ['explicit']),
  person('kim', 'kim@example.com', ['explicit', 'team-folder-user'], 1),
  person('lee', 'lee@example.com', ['request-review']),
];
const PRIVATE: ShareSettings = { isPrivate: true, allowAnonComments: false, hasPassword: false };
const PUBLIC_WITH_PASSWORD: ShareSettings = { isPrivate: false, allowAnonComments: true, hasPassword: true };

const httpError = (status: number, message: string) => Object.assign(new Error(message), { name: 'HttpError', status });

function start(options: { answers?: Array<() => Promise<PermissionsResponse>> } = {}) {
  const clock = new SimulatedClock();
  const answers = [...(options.answers ?? [async () => ({ people: PEOPLE, settings: PRIVATE })])];
  const reads: string[] = [];
  const copied: string[] = [];
  const save = controlled<ShareSaveInput>();
  const actor = createActor(
    shareMachine.provide({
      actors: {
        fetchSharePermissions: fromPromise(async ({ input }: { input: { itemId: string } }) => {
          reads.push(input.itemId);
          const next = answers.shift();
          if (!next) throw new Error('unexpected read');
          return next();
        }),
        saveShare: save.logic as never,
      },
      actions: { copyToClipboard: (_, params) => void copied.push(params.text) },
    }),
    { clock },
  ).start();
  const open = async (canChange = true) => {
    actor.send({ type: 'share.open', itemId: 'item-1', canChange, origin: 'https://review.example.com/' });
    await settle();
  };
  const dialog = () => actor.getSnapshot().value as { open?: { dialog: string } } | string;
  const dialogState = () => {
    const value = dialog();
    return typeof value === 'string' ? value : value.open?.dialog;
  };
  return { actor, clock, reads, copied, save, open, dialogState };
}

describe('share dialog: reading the permissions (§2, §7, §8)', () => {
  it('opens on the item, reads its permissions and lists the people with their reasons and roles', async () => {
    const { actor, reads, dialogState } = start();
    expect(dialogState()).toBe('closed');
    actor.send({ type: 'share.open', itemId: 'item-1', canChange: true, origin: 'https://review.example.com' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(reads).toEqual(['item-1']);
    expect(dialogState()).toBe('editing');
    const rows = sharePeopleOf(actor.getSnapshot().context);
    expect(rows.map((r) => [r.name, r.reasons, r.role, r.removable])).toEqual([
      ['alex Person', ['owner'], 2, false],
      ['sam Person', ['explicit'], 0, true],
      ['kim Person', ['explicit', 'team-folder-user'], 1, false],
      ['lee Person', ['request-review'], 0, false],
    ]);
    expect(actor.getSnapshot().context.draft).toMatchObject({ mode: 'private', explicitEmails: ['sam@example.com', 'kim@example.com'] });
  });

  it('shows the fetch error and reads again on try again', async () => {
    const { actor, reads, open, dialogState } = start({ answers: [async () => Promise.reject(httpError(500, 'Boom.')), async () => ({ people: PEOPLE, settings: PRIVATE })] });
    await open();
    expect(dialogState()).toBe('fetchError');
    expect(actor.getSnapshot().context.errorMessage).toBe('Boom.');
    actor.send({ type: 'share.retry' });
    await settle();
    expect(dialogState()).toBe('editing');
    expect(reads).toHaveLength(2);
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
  });
});

describe('share dialog: people by e-mail (§3, §5, §6)', () => {
  it('adds a pasted list: the new ones as pending rows, the malformed one reported, duplicates skipped', async () => {
    const { actor, open } = start();
    await open();
    actor.send({ type: 'share.addEmails', text: 'Ana@Example.com; sam@example.com, "bo@example.com" oops, ana@example.com <alex@example.com>' });
    const { context } = actor.getSnapshot();
    expect(context.lastAdd).toEqual({ added: ['ana@example.com', 'bo@example.com'], invalid: ['oops'], duplicates: ['sam@example.com', 'ana@example.com', 'alex@example.com'], overLimit: [] });
    const pending = sharePeopleOf(context).filter((r) => r.pending);
    expect(pending.map((r) => [r.email, r.reasons, r.removable])).toEqual([
      ['ana@example.com', ['explicit'], true],
      ['bo@example.com', ['explicit'], true],
    ]);
    expect(hasUnsavedChangesOf(context)).toBe(true);
  });

  it('removes only people whose sole reason is explicit', async () => {
    const { actor, open } = start();
    await open();
    for (const email of ['kim@example.com', 'alex@example.com', 'lee@example.com']) actor.send({ type: 'share.removePerson', email });
    expect(actor.getSnapshot().context.draft?.explicitEmails).toEqual(['sam@example.com', 'kim@example.com']);
    actor.send({ type: 'share.removePerson', email: 'SAM@example.com' });
    const { context } = actor.getSnapshot();
    expect(context.draft?.explicitEmails).toEqual(['kim@example.com']);
    expect(sharePeopleOf(context).map((r) => r.email)).toEqual(['alex@example.com', 'kim@example.com', 'lee@example.com']);
  });
});

describe('share dialog: saving (§5, §7, §8)', () => {
  it('saves a private share; the server’s invalidEmails open the dialog with the list, and confirm returns to editing without them', async () => {
    const { actor, save, open, dialogState } = start();
    await open();
    actor.send({ type: 'share.addEmails', text: 'ana@example.com ghost@example.com' });
    actor.send({ type: 'share.save' });
    expect(dialogState()).toBe('saving');
    expect(save.calls[0]!.input).toEqual({
      itemId: 'item-1',
      request: { mode: 'private', body: { explicitPermissions: [{ email: 'sam@example.com' }, { email: 'kim@example.com' }, { email: 'ana@example.com' }, { email: 'ghost@example.com' }] } },
    });
    const saved = [...PEOPLE, person('ana', 'ana@example.com', ['explicit'])];
    save.calls[0]!.resolve({ invalidEmails: ['ghost@example.com'], settings: PRIVATE, people: saved });
    await settle();
    expect(dialogState()).toBe('invalidEmails');
    expect(actor.getSnapshot().context.invalidEmails).toEqual(['ghost@example.com']);
    actor.send({ type: 'share.confirm' });
    const { context } = actor.getSnapshot();
    expect(dialogState()).toBe('editing');
    expect(context.draft?.explicitEmails).toEqual(['sam@example.com', 'kim@example.com', 'ana@example.com']);
    expect(sharePeopleOf(context).some((r) => r.pending)).toBe(false);
    expect(hasUnsavedChangesOf(context)).toBe(false);
  });

  it('closes after a save without invalid e-mails', async () => {
    const { actor, save, open, dialogState } = start();
    await open();
    actor.send({ type: 'share.removePerson', email: 'sam@example.com' });
    actor.send({ type: 'share.save' });
    save.calls[0]!.resolve({ invalidEmails: [], settings: PRIVATE, people: PEOPLE.filter((p) => p.userId !== 'sam') });
    await settle();
    expect(dialogState()).toBe('closed');
    expect(actor.getSnapshot().context.itemId).toBeNull();
  });

  it('shows the error dialog when the save fails, and confirm returns to the kept draft', async () => {
    const { actor, save, open, dialogState } = start();
    await open();
    actor.send({ type: 'share.setMode', mode: 'public' });
    actor.send({ type: 'share.save' });
    save.calls[0]!.reject(httpError(403, 'Only the owner or editors can change sharing.'));
    await settle();
    expect(dialogState()).toBe('saveError');
    actor.send({ type: 'share.confirm' });
    expect(dialogState()).toBe('editing');
    expect(actor.getSnapshot().context.draft?.mode).toBe('public');
  });

  it('makes an item public with a new password, after refusing to save without one', async () => {
    const { actor, save, open, dialogState } = start();
    await open();
    actor.send({ type: 'share.setMode', mode: 'public' });
    expect(shareListHeightOf(actor.getSnapshot().context)).toBe(SHARE_LIST_HEIGHT_PX);
    actor.send({ type: 'share.setAllowAnonComments', value: true });
    actor.send({ type: 'share.setPasswordEnabled', value: true });
    actor.send({ type: 'share.save' });
    expect(dialogState()).toBe('editing');
    expect(actor.getSnapshot().context.showProblems).toBe(true);
    expect(sharePasswordProblemOf(actor.getSnapshot().context)).toMatch(/Enter a password/);
    expect(save.calls).toHaveLength(0);
    actor.send({ type: 'share.setPassword', password: 'letmein' });
    expect(actor.getSnapshot().context.showProblems).toBe(false);
    actor.send({ type: 'share.save' });
    expect(save.calls[0]!.input.request).toEqual({ mode: 'public', body: { allowAnonComments: true, password: 'letmein' } });
    save.calls[0]!.resolve({ settings: { isPrivate: false, allowAnonComments: true, hasPassword: true } });
    await settle();
    expect(dialogState()).toBe('closed');
  });

  it('keeps the password an item has when none is typed, and removes it when turned off', async () => {
    const { actor, save, open } = start({ answers: [async () => ({ people: PEOPLE, settings: PUBLIC_WITH_PASSWORD })] });
    await open();
    expect(sharePasswordProblemOf(actor.getSnapshot().context)).toBeNull();
    actor.send({ type: 'share.setAllowAnonComments', value: false });
    actor.send({ type: 'share.save' });
    expect(save.calls[0]!.input.request).toEqual({ mode: 'public', body: { allowAnonComments: false } });
    save.calls[0]!.reject(httpError(500, 'Boom.'));
    await settle();
    actor.send({ type: 'share.confirm' });
    actor.send({ type: 'share.setPasswordEnabled', value: false });
    actor.send({ type: 'share.save' });
    expect(save.calls[1]!.input.request).toEqual({ mode: 'public', body: { allowAnonComments: false, password: null } });
  });
});

describe('share dialog: unsaved changes, read-only, copy link, pushes (§2, §5, §6, §9)', () => {
  it('asks before closing with unsaved changes: stay keeps them, leave discards them', async () => {
    const read = async () => ({ people: PEOPLE, settings: PRIVATE });
    const { actor, open, dialogState } = start({ answers: [read, read] });
    await open();
    actor.send({ type: 'share.close' });
    expect(dialogState()).toBe('closed');
    await open();
    actor.send({ type: 'share.addEmails', text: 'ana@example.com' });
    actor.send({ type: 'share.close' });
    expect(dialogState()).toBe('confirmingLeave');
    actor.send({ type: 'share.stay' });
    expect(dialogState()).toBe('editing');
    expect(actor.getSnapshot().context.draft?.explicitEmails).toContain('ana@example.com');
    actor.send({ type: 'share.close' });
    actor.send({ type: 'share.leave' });
    expect(dialogState()).toBe('closed');
    expect(actor.getSnapshot().context.draft).toBeNull();
  });

  it('is read-only without edit-metadata or ownership: no edits, no save, nothing removable', async () => {
    const { actor, save, open, dialogState } = start();
    await open(false);
    actor.send({ type: 'share.setMode', mode: 'public' });
    actor.send({ type: 'share.addEmails', text: 'ana@example.com' });
    actor.send({ type: 'share.removePerson', email: 'sam@example.com' });
    actor.send({ type: 'share.save' });
    const { context } = actor.getSnapshot();
    expect(context.draft).toEqual(context.saved);
    expect(sharePeopleOf(context).every((r) => !r.removable)).toBe(true);
    expect(save.calls).toHaveLength(0);
    expect(dialogState()).toBe('editing');
    actor.send({ type: 'share.close' });
    expect(dialogState()).toBe('closed');
  });

  it('copies the review link and shows copied for 1,000 ms', async () => {
    const { actor, clock, copied, open } = start();
    await open();
    actor.send({ type: 'share.copyLink' });
    expect(copied).toEqual(['https://review.example.com/review/content/item-1/review']);
    expect(actor.getSnapshot().hasTag('copied')).toBe(true);
    clock.increment(COPY_CONFIRMATION_MS - 1);
    expect(actor.getSnapshot().hasTag('copied')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('copied')).toBe(false);
  });

  it('takes share.updated pushes for the item while nothing is changed, and keeps a draft being edited', async () => {
    const { actor, open } = start();
    await open();
    expect(shareListHeightOf(actor.getSnapshot().context)).toBe(SHARE_LIST_HEIGHT_TALL_PX);
    const push = (itemId: string, settings: ShareSettings) => actor.send({ type: 'realtime.message', namespace: `/item/${itemId}`, event: 'share.updated', data: { messageId: 'm1', itemId, ...settings } });
    push('other-item', PUBLIC_WITH_PASSWORD);
    expect(actor.getSnapshot().context.draft?.mode).toBe('private');
    push('item-1', PUBLIC_WITH_PASSWORD);
    expect(actor.getSnapshot().context.saved).toMatchObject({ mode: 'public', allowAnonComments: true, passwordEnabled: true });
    expect(actor.getSnapshot().context.draft).toEqual(actor.getSnapshot().context.saved);
    actor.send({ type: 'share.setAllowAnonComments', value: false });
    push('item-1', PRIVATE);
    expect(actor.getSnapshot().context.draft).toMatchObject({ mode: 'public', allowAnonComments: false });
  });
});

describe('share dialog in the app system', () => {
  it('hears share.updated from the item namespace through the app, and closes when the item does', async () => {
    const app = createActor(
      inert(appMachine).provide({
        actors: { share: shareMachine.provide({ actors: { fetchSharePermissions: fromPromise(async () => ({ people: PEOPLE, settings: PRIVATE })) } }) },
      }),
    ).start();
    // The content and item features' actors start once their code is in (the composition root sends this then).
    for (const feature of ['content', 'itemDialogs', 'item'] as const) app.send({ type: 'app.featureLoaded', feature });
    const share = app.system.get('share') as ActorRefFrom<typeof shareMachine>;
    app.send({ type: 'item.opened', itemId: 'item-1', password: null, anonymousEmail: null });
    share.send({ type: 'share.open', itemId: 'item-1', canChange: true, origin: 'http://localhost' });
    await settle();
    app.send({ type: 'realtime.message', namespace: '/item/item-1', event: 'share.updated', data: { messageId: 'm1', itemId: 'item-1', ...PUBLIC_WITH_PASSWORD } });
    expect(share.getSnapshot().context.saved?.mode).toBe('public');
    app.send({ type: 'item.closed' });
    expect(share.getSnapshot().value).toBe('closed');
    app.stop();
  });
});
