import { assign, setup } from 'xstate';
import type { ContentAckData, FolderPermissionView, TeamGroup, TeamMember } from '../../domain/content.ts';
import type { FolderRole } from '../../domain/folderRoles.ts';
import { refusalOf, type FolderSettingsEvent } from './contentEvents.ts';
import { promiseSlot } from '../slots.ts';

/** A permission entry as `folder.setPermissions` takes it. */
export interface PermissionEntryInput {
  principalId: string;
  principalType: 'user' | 'group';
  role: FolderRole;
}

export interface FolderSettingsContext {
  folderId: number | null;
  /** The folder's entries, own and inherited, with names for display. */
  entries: FolderPermissionView[];
  /** With changePermissions the list has role dropdowns, else it is read-only (§6). */
  canChange: boolean;
  /** The entries before an optimistic save, put back when the server refuses it. */
  before: FolderPermissionView[] | null;
  loadError: string | null;
  saveError: string | null;
  team: { groups: TeamGroup[]; members: TeamMember[] } | null;
}

const CLOSED: FolderSettingsContext = { folderId: null, entries: [], canChange: false, before: null, loadError: null, saveError: null, team: null };

/**
 * The shared-folder settings (review-and-content §2, §6, §7; systemId `folderSettings`): a lifecycle of its own
 * beside the folder list — open for one folder, read its permission entries (folder.getPermissions) and, on
 * demand, the team's groups and members (team.fetchGroups); save the folder's own entries
 * (folder.setPermissions) optimistically, putting the old ones back with the error when the server refuses.
 */
export const folderSettingsMachine = setup({
  types: {
    context: {} as FolderSettingsContext,
    events: {} as FolderSettingsEvent,
  },
  actors: {
    fetchPermissions: promiseSlot<ContentAckData<'folder.getPermissions'>, { id: number }>('fetchPermissions'),
    savePermissions: promiseSlot<ContentAckData<'folder.setPermissions'>, { id: number; entries: PermissionEntryInput[] }>('savePermissions'),
    fetchTeam: promiseSlot<ContentAckData<'team.fetchGroups'>>('fetchTeam'),
  },
  actions: {
    reportError: (_, _params: { message: string }) => {},
  },
  guards: {
    canChange: ({ context }) => context.canChange,
  },
}).createMachine({
  id: 'folderSettings',
  context: CLOSED,
  initial: 'closed',
  on: {
    'folderSettings.open': { target: '.open', reenter: true, actions: assign({ ...CLOSED, folderId: ({ event }) => event.folderId }) },
    'folderSettings.close': { target: '.closed', actions: assign(CLOSED) },
    'folderSettings.reset': { target: '.closed', actions: assign(CLOSED) },
  },
  states: {
    closed: {},
    open: {
      type: 'parallel',
      states: {
        permissions: {
          initial: 'loading',
          states: {
            loading: {
              tags: ['loading'],
              invoke: {
                id: 'fetchPermissions',
                src: 'fetchPermissions',
                input: ({ context }) => ({ id: context.folderId ?? 0 }),
                onDone: {
                  target: 'ready',
                  actions: assign({ entries: ({ event }) => (Array.isArray(event.output?.entries) ? event.output.entries : []), canChange: ({ event }) => event.output?.canChange === true, loadError: null }),
                },
                onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => refusalOf(event.error).message }) },
              },
            },
            loadFailed: {
              on: { 'folderSettings.retry': { target: 'loading', actions: assign({ loadError: null }) } },
            },
            ready: {
              on: {
                // Optimistic: the new entries show at once.
                'folderSettings.save': {
                  guard: 'canChange',
                  target: 'saving',
                  actions: assign({ before: ({ context }) => context.entries, entries: ({ event }) => event.entries, saveError: null }),
                },
              },
            },
            saving: {
              tags: ['busy'],
              invoke: {
                id: 'savePermissions',
                src: 'savePermissions',
                input: ({ context }) => ({
                  id: context.folderId ?? 0,
                  entries: context.entries.filter((e) => !e.inherited).map((e) => ({ principalId: e.principalId, principalType: e.principalType, role: e.role })),
                }),
                onDone: {
                  target: 'ready',
                  actions: assign({
                    entries: ({ context, event }) => (Array.isArray(event.output?.entries) ? event.output.entries : context.entries),
                    canChange: ({ context, event }) => (typeof event.output?.canChange === 'boolean' ? event.output.canChange : context.canChange),
                    before: null,
                  }),
                },
                onError: {
                  target: 'ready',
                  actions: [
                    assign({ entries: ({ context }) => context.before ?? context.entries, before: null, saveError: ({ event }) => refusalOf(event.error).message }),
                    { type: 'reportError', params: ({ event }) => ({ message: `Saving folder permissions failed: ${refusalOf(event.error).message}` }) },
                  ],
                },
              },
            },
          },
        },
        team: {
          initial: 'idle',
          states: {
            idle: { on: { 'folderSettings.fetchTeam': { target: 'loading' } } },
            loading: {
              invoke: {
                id: 'fetchTeam',
                src: 'fetchTeam',
                onDone: { target: 'ready', actions: assign({ team: ({ event }) => ({ groups: event.output?.groups ?? [], members: event.output?.members ?? [] }) }) },
                onError: { target: 'failed', actions: { type: 'reportError', params: ({ event }) => ({ message: `Team groups could not be read: ${refusalOf(event.error).message}` }) } },
              },
            },
            ready: { on: { 'folderSettings.fetchTeam': { target: 'loading' } } },
            failed: { on: { 'folderSettings.fetchTeam': { target: 'loading' } } },
          },
        },
      },
    },
  },
});
