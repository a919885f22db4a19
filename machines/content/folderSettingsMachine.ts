import { assign, enqueueActions, setup } from 'xstate';
import type { ContentAckData, FolderPermissionView, TeamGroup, TeamMember } from '../../domain/content.ts';
import { refusalOf, tell, type FolderSettingsEvent } from './contentEvents.ts';
import { promiseSlot } from '../slots.ts';
import { newPermissionEntry, type FolderRole } from '../../domain/folderRoles.ts';

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
  /** The folder's own entries as the dialog edits them (added, role changed, removed); saved with `folderSettings.save`. */
  draft: FolderPermissionView[];
}

const CLOSED: FolderSettingsContext = { folderId: null, entries: [], canChange: false, before: null, loadError: null, saveError: null, team: null, draft: [] };

type Principal = { principalType: 'user' | 'group'; principalId: string };
const principalKey = (entry: Principal) => `${entry.principalType}:${entry.principalId}`;
const ownOf = (entries: readonly FolderPermissionView[]) => entries.filter((entry) => !entry.inherited);

/** Whether the draft differs from the folder's own entries (the unsaved-changes question, Save enabled). */
export function hasUnsavedChangesOf(context: Pick<FolderSettingsContext, 'entries' | 'draft' | 'canChange'>): boolean {
  if (!context.canChange) return false;
  const own = ownOf(context.entries);
  if (own.length !== context.draft.length) return true;
  const roles = new Map(own.map((entry) => [principalKey(entry), entry.role]));
  return context.draft.some((entry) => roles.get(principalKey(entry)) !== entry.role);
}

/** The team member or group a principal names, as an entry of the draft (new members start as editors, §6); null when unknown. */
function teamEntryOf(team: FolderSettingsContext['team'], principal: Principal): FolderPermissionView | null {
  const base = newPermissionEntry(principal.principalId, principal.principalType);
  if (principal.principalType === 'user') {
    const member = team?.members.find((m) => m.user_id === principal.principalId);
    if (!member) return null;
    return { ...base, role: base.role as FolderRole, name: `${member.first_name} ${member.last_name}`.trim() || member.email, email: member.email, avatar: member.avatars.small };
  }
  const group = team?.groups.find((g) => g.id === principal.principalId);
  return group ? { ...base, role: base.role as FolderRole, name: group.name, email: null, avatar: null } : null;
}

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
    /** The dialog the settings are shown in closes (the dialogs actor then closes these settings). */
    closeDialog: enqueueActions(({ system, enqueue }) => tell(system, enqueue, 'dialogs', { type: 'dialogs.close' })),
    resetDraft: assign({ draft: ({ context }) => ownOf(context.entries) }),
  },
  guards: {
    canChange: ({ context }) => context.canChange,
    hasUnsavedChanges: ({ context }) => hasUnsavedChangesOf(context),
    canAdd: ({ context }, params: Principal) =>
      context.canChange && teamEntryOf(context.team, params) !== null && ![...context.draft, ...context.entries.filter((e) => e.inherited)].some((e) => principalKey(e) === principalKey(params)),
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
      // Loading or failed to load: nothing to lose, the dialog just closes (editing and saving decide for themselves).
      on: { 'folderSettings.requestClose': { actions: 'closeDialog' } },
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
                  actions: [
                    assign({ entries: ({ event }) => (Array.isArray(event.output?.entries) ? event.output.entries : []), canChange: ({ event }) => event.output?.canChange === true, loadError: null }),
                    'resetDraft',
                    // Adding people needs the team's members and groups: read them once the folder may be changed.
                    enqueueActions(({ context, enqueue }) => {
                      if (context.canChange) enqueue.raise({ type: 'folderSettings.fetchTeam' });
                    }),
                  ],
                },
                onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => refusalOf(event.error).message }) },
              },
            },
            loadFailed: {
              on: { 'folderSettings.retry': { target: 'loading', actions: assign({ loadError: null }) } },
            },
            // Editing the draft (read-only without changePermissions: the draft events are refused).
            ready: {
              on: {
                // Optimistic: the new entries show at once.
                'folderSettings.save': {
                  guard: 'canChange',
                  target: 'saving',
                  actions: [
                    assign({
                      before: ({ context }) => context.entries,
                      entries: ({ context, event }) => event.entries ?? [...context.draft, ...context.entries.filter((e) => e.inherited)],
                      saveError: null,
                    }),
                    'resetDraft',
                  ],
                },
                'folderSettings.addPrincipal': {
                  guard: { type: 'canAdd', params: ({ event }) => ({ principalType: event.principalType, principalId: event.principalId }) },
                  actions: assign({ draft: ({ context, event }) => [...context.draft, teamEntryOf(context.team, event)!] }),
                },
                'folderSettings.setRole': {
                  guard: 'canChange',
                  actions: assign({ draft: ({ context, event }) => context.draft.map((e) => (principalKey(e) === principalKey(event) ? { ...e, role: event.role } : e)) }),
                },
                'folderSettings.removeEntry': {
                  guard: 'canChange',
                  actions: assign({ draft: ({ context, event }) => context.draft.filter((e) => principalKey(e) !== principalKey(event)) }),
                },
                'folderSettings.requestClose': [{ guard: 'hasUnsavedChanges', target: 'confirmingLeave' }, { actions: 'closeDialog' }],
              },
            },
            // Closing with unsaved changes asks first: leave (the draft is dropped) or stay (the draft is kept).
            confirmingLeave: {
              on: {
                'folderSettings.requestClose': {},
                'folderSettings.stay': { target: 'ready' },
                'folderSettings.leave': { target: 'ready', actions: ['resetDraft', 'closeDialog'] },
              },
            },
            saving: {
              tags: ['busy'],
              // The change is on its way: the dialog stays until it is answered.
              on: { 'folderSettings.requestClose': {} },
              invoke: {
                id: 'savePermissions',
                src: 'savePermissions',
                input: ({ context }) => ({
                  id: context.folderId ?? 0,
                  entries: context.entries.filter((e) => !e.inherited).map((e) => ({ principalId: e.principalId, principalType: e.principalType, role: e.role })),
                }),
                // Saved: the dialog closes.
                onDone: {
                  target: 'ready',
                  actions: [
                    assign({
                      entries: ({ context, event }) => (Array.isArray(event.output?.entries) ? event.output.entries : context.entries),
                      canChange: ({ context, event }) => (typeof event.output?.canChange === 'boolean' ? event.output.canChange : context.canChange),
                      before: null,
                    }),
                    'resetDraft',
                    'closeDialog',
                  ],
                },
                // Refused: the server's entries come back, the draft keeps what was asked for (Save tries again).
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
