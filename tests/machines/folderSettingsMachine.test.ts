import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { FolderPermissionView, TeamMember } from '../../domain/content.ts';
import { folderSettingsMachine } from '../../machines/content/folderSettingsMachine.ts';
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
