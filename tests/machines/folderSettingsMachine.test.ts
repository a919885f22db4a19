import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import type { FolderPermissionView, TeamMember } from '../../domain/content.ts';
import { folderSettingsMachine, hasUnsavedChangesOf } from '../../machines/content/folderSettingsMachine.ts';
import { controlled, refusal, settle } from './contentFixtures.ts';

const entry = (principalId: string, role: FolderPermissionView['role'], inherited = false): FolderPermissionView => ({
  principalId,
  principalType: 'user',
  role,
  inherited,
  name: principalId,
  email: `${principalId}@example.com`,
  avatar: null,
});

function start(canChange: boolean) {
  const save = controlled<{ id: number; entries: unknown[] }>();
  const reads: number[] = [];
  const actor = createActor(
    folderSettingsMachine.provide({
      actors: {
        fetchPermissions: fromPromise(async ({ input }: { input: { id: number } }) => {
          reads.push(input.id);
          return { entries: [entry('u-owner', 'owner', true), entry('u-sam', 'editor')], canChange };
        }),
        savePermissions: save.logic as never,
        fetchTeam: fromPromise(async () => ({ groups: [{ id: 'g1', name: 'Designers', type: 'group' as const }], members: [] as TeamMember[] })),
      },
    }),
  ).start();
  return { actor, save, reads };
}

describe('shared-folder settings (§2, §6, §7)', () => {
  it('reads the folder’s entries; without changePermissions the list is read-only (save ignored)', async () => {
    const { actor, reads, save } = start(false);
    actor.send({ type: 'folderSettings.open', folderId: 20 });
    await settle();
    expect(reads).toEqual([20]);
    expect(actor.getSnapshot().context).toMatchObject({ folderId: 20, canChange: false });
    actor.send({ type: 'folderSettings.save', entries: [] });
    expect(save.calls).toHaveLength(0);
  });

  it('saves the own entries optimistically and puts the old ones back when refused', async () => {
    const { actor, save } = start(true);
    actor.send({ type: 'folderSettings.open', folderId: 20 });
    await settle();
    const edited = [entry('u-owner', 'owner', true), entry('u-sam', 'viewer')];
    actor.send({ type: 'folderSettings.save', entries: edited });
    expect(actor.getSnapshot().context.entries).toEqual(edited);
    expect(save.calls[0]!.input).toEqual({ id: 20, entries: [{ principalId: 'u-sam', principalType: 'user', role: 'viewer' }] });
    save.calls[0]!.reject(refusal('forbidden', 'Your role does not allow this.'));
    await settle();
    expect(actor.getSnapshot().context.entries.map((e) => e.role)).toEqual(['owner', 'editor']);
    expect(actor.getSnapshot().context.saveError).toBe('Your role does not allow this.');
  });

  it('loads the team’s groups on demand and forgets everything on close', async () => {
    const { actor } = start(true);
    actor.send({ type: 'folderSettings.open', folderId: 20 });
    actor.send({ type: 'folderSettings.fetchTeam' });
    await settle();
    expect(actor.getSnapshot().context.team?.groups.map((g) => g.name)).toEqual(['Designers']);
    actor.send({ type: 'folderSettings.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context).toMatchObject({ folderId: null, entries: [], team: null });
  });
});

describe('shared-folder settings: the draft, the unsaved-changes question and closing (§2, §6)', () => {
  const group = { id: 'g1', name: 'Designers', type: 'group' as const };
  const member: TeamMember = { user_id: 'u-kim', first_name: 'Kim', last_name: 'Kline', email: 'kim@example.com', avatars: { small: null }, type: 'user', role: 'editor' };

  /** The settings inside a small system whose `dialogs` actor records what it is told. */
  function inSystem(canChange = true) {
    const save = controlled<{ id: number; entries: unknown[] }>();
    const told: string[] = [];
    const settings = folderSettingsMachine.provide({
      actors: {
        fetchPermissions: fromPromise(async () => ({ entries: [entry('u-owner', 'owner', true), entry('u-sam', 'editor')], canChange })),
        savePermissions: save.logic as never,
        fetchTeam: fromPromise(async () => ({ groups: [group], members: [member] })),
      },
    });
    const root = createActor(
      createMachine({
        invoke: [
          { id: 'dialogs', systemId: 'dialogs', src: fromCallback(({ receive }) => receive((event) => void told.push(event.type))) },
          { id: 'folderSettings', systemId: 'folderSettings', src: settings },
        ],
      }),
    ).start();
    const actor = root.system.get('folderSettings') as ActorRefFrom<typeof folderSettingsMachine>;
    return { actor, save, told };
  }
  const permissions = (actor: ActorRefFrom<typeof folderSettingsMachine>) => (actor.getSnapshot().value as { open?: { permissions?: string } }).open?.permissions;

  it('the team is read once the folder may be changed; the draft adds, changes and removes entries, with names', async () => {
    const { actor } = inSystem();
    actor.send({ type: 'folderSettings.open', folderId: 20 });
    await settle();
    expect(actor.getSnapshot().context.team?.members.map((m) => m.email)).toEqual(['kim@example.com']);
    expect(hasUnsavedChangesOf(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'folderSettings.addPrincipal', principalType: 'user', principalId: 'u-kim' });
    actor.send({ type: 'folderSettings.addPrincipal', principalType: 'group', principalId: 'g1' });
    // Already there (own or inherited) or unknown: nothing is added.
    actor.send({ type: 'folderSettings.addPrincipal', principalType: 'user', principalId: 'u-owner' });
    actor.send({ type: 'folderSettings.addPrincipal', principalType: 'user', principalId: 'u-nobody' });
    actor.send({ type: 'folderSettings.setRole', principalType: 'user', principalId: 'u-sam', role: 'manager' });
    expect(actor.getSnapshot().context.draft.map((e) => [e.name, e.role])).toEqual([
      ['u-sam', 'manager'],
      ['Kim Kline', 'editor'],
      ['Designers', 'editor'],
    ]);
    expect(hasUnsavedChangesOf(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'folderSettings.removeEntry', principalType: 'group', principalId: 'g1' });
    expect(actor.getSnapshot().context.draft.map((e) => e.principalId)).toEqual(['u-sam', 'u-kim']);
  });

  it('closing with unsaved changes asks first: stay keeps the draft, leave drops it and closes the dialog', async () => {
    const { actor, told } = inSystem();
    actor.send({ type: 'folderSettings.open', folderId: 20 });
    await settle();
    actor.send({ type: 'folderSettings.removeEntry', principalType: 'user', principalId: 'u-sam' });
    actor.send({ type: 'folderSettings.requestClose' });
    expect(permissions(actor)).toBe('confirmingLeave');
    expect(told).toEqual([]);
    actor.send({ type: 'folderSettings.stay' });
    expect(permissions(actor)).toBe('ready');
    expect(actor.getSnapshot().context.draft).toEqual([]);
    actor.send({ type: 'folderSettings.requestClose' });
    actor.send({ type: 'folderSettings.leave' });
    expect(told).toEqual(['dialogs.close']);
    expect(actor.getSnapshot().context.draft.map((e) => e.principalId)).toEqual(['u-sam']);
  });

  it('closing without changes (or read-only) closes at once', async () => {
    for (const canChange of [true, false]) {
      const { actor, told } = inSystem(canChange);
      actor.send({ type: 'folderSettings.open', folderId: 20 });
      await settle();
      // Read-only: the draft cannot change, so there is never anything to lose.
      if (!canChange) actor.send({ type: 'folderSettings.removeEntry', principalType: 'user', principalId: 'u-sam' });
      actor.send({ type: 'folderSettings.requestClose' });
      expect(told).toEqual(['dialogs.close']);
    }
  });

  it('a save that goes through closes the dialog; a refused one keeps the dialog and the draft (Save tries again)', async () => {
    const { actor, save, told } = inSystem();
    actor.send({ type: 'folderSettings.open', folderId: 20 });
    await settle();
    actor.send({ type: 'folderSettings.setRole', principalType: 'user', principalId: 'u-sam', role: 'viewer' });
    actor.send({ type: 'folderSettings.save' });
    expect(save.calls[0]!.input).toEqual({ id: 20, entries: [{ principalId: 'u-sam', principalType: 'user', role: 'viewer' }] });
    // On the wire: closing waits.
    actor.send({ type: 'folderSettings.requestClose' });
    save.calls[0]!.reject(refusal('forbidden', 'Your role does not allow this.'));
    await settle();
    expect(told).toEqual([]);
    expect(actor.getSnapshot().context.entries.find((e) => e.principalId === 'u-sam')?.role).toBe('editor');
    expect(actor.getSnapshot().context.draft.find((e) => e.principalId === 'u-sam')?.role).toBe('viewer');
    expect(hasUnsavedChangesOf(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'folderSettings.save' });
    save.calls[1]!.resolve({ entries: [entry('u-owner', 'owner', true), entry('u-sam', 'viewer')], canChange: true });
    await settle();
    expect(told).toEqual(['dialogs.close']);
    expect(hasUnsavedChangesOf(actor.getSnapshot().context)).toBe(false);
  });
});
