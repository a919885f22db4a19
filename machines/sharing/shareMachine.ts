import { assign, not, setup } from 'xstate';
import { COPY_CONFIRMATION_MS, ITEM_PASSWORD_MAX_CHARS, SHARE_LIST_HEIGHT_PX, SHARE_LIST_HEIGHT_TALL_PX, SHARE_MAX_EXPLICIT_PEOPLE } from '../../domain/constants.ts';
import {
  draftFrom,
  hasUnsavedShareChanges,
  isRemovablePerson,
  itemPasswordProblem,
  parseEmailList,
  reviewLinkFor,
  shareRequestOf,
  sharePersonOf,
  type PermissionPerson,
  type PermissionsResponse,
  type PrivateShareResponse,
  type PublicShareResponse,
  type ShareDraft,
  type SharePerson,
  type ShareSettings,
} from '../../domain/sharing.ts';
import { promiseSlot } from '../slots.ts';

/** What the last `share.addEmails` did with the pasted text (shown inline under the field). */
export interface ShareAddResult {
  added: string[];
  /** Entries that are not e-mail addresses. */
  invalid: string[];
  /** Already listed (skipped). */
  duplicates: string[];
  /** Valid, but beyond SHARE_MAX_EXPLICIT_PEOPLE (not added). */
  overLimit: string[];
}

export interface ShareContext {
  itemId: string | null;
  /** §6 change visibility and share (domain canChangeSharing): without it the dialog is read-only. */
  canChange: boolean;
  /** The page's origin, for the review link. */
  origin: string;
  /** What the service holds. */
  settings: ShareSettings | null;
  /** The people the service listed (§3 Share person). */
  people: SharePerson[];
  /** The draft matching what is saved (draftFrom). */
  saved: ShareDraft | null;
  /** What the dialog would save. */
  draft: ShareDraft | null;
  lastAdd: ShareAddResult | null;
  /** A save was refused by the client's own checks: show the problems (the password's). */
  showProblems: boolean;
  /** The server's invalidEmails of the last private save ('share.email_error_message' and the list). */
  invalidEmails: string[];
  /** Why the last read or save failed (logged; the views show the spec's sentences). */
  errorMessage: string | null;
}

export type ShareMode = ShareDraft['mode'];

export type ShareEvent =
  /** Opens the dialog for one item; `canChange` is domain canChangeSharing(item), `origin` the page's. */
  | { type: 'share.open'; itemId: string; canChange: boolean; origin: string }
  | { type: 'share.close' }
  /** The session ended: close whatever state the dialog is in. */
  | { type: 'share.reset' }
  | { type: 'share.retry' }
  | { type: 'share.setMode'; mode: ShareMode }
  | { type: 'share.setAllowAnonComments'; value: boolean }
  | { type: 'share.setPasswordEnabled'; value: boolean }
  | { type: 'share.setPassword'; password: string }
  | { type: 'share.addEmails'; text: string }
  | { type: 'share.removePerson'; email: string }
  | { type: 'share.copyLink' }
  | { type: 'share.save' }
  /** The invalid-e-mails or error dialog's confirm button. */
  | { type: 'share.confirm' }
  /** The unsaved-changes question: leave (discard) or stay. */
  | { type: 'share.leave' }
  | { type: 'share.stay' }
  /** A push of the open item's namespace (forwarded by the app); `share.updated` is read. */
  | { type: 'realtime.message'; namespace: string; event: string; data: Record<string, unknown> };

/** The save actor's input: the request the draft saves as (domain shareRequestOf). */
export interface ShareSaveInput {
  itemId: string;
  request: ReturnType<typeof shareRequestOf>;
}

const CLOSED: ShareContext = {
  itemId: null,
  canChange: false,
  origin: '',
  settings: null,
  people: [],
  saved: null,
  draft: null,
  lastAdd: null,
  showProblems: false,
  invalidEmails: [],
  errorMessage: null,
};

/** One row of the people list: a saved person, or an e-mail added in the draft and not saved yet (`pending`). */
export interface SharePersonRow extends SharePerson {
  pending: boolean;
  /** Shown with a remove control (§6: only people whose sole reason is explicit; never read-only). */
  removable: boolean;
}

/** Whether the draft differs from what is saved (§5 unsaved changes). */
export function hasUnsavedChangesOf(context: Pick<ShareContext, 'saved' | 'draft'>): boolean {
  return context.saved !== null && context.draft !== null && hasUnsavedShareChanges(context.saved, context.draft);
}

/** People can be added or removed: the sharing may change and the draft is private. */
export function canEditPeopleOf(context: Pick<ShareContext, 'canChange' | 'draft'>): boolean {
  return context.canChange && context.draft?.mode === 'private';
}

/**
 * The people list as the dialog shows it: saved people (those whose only reason is explicit and who were removed in
 * the draft left out), then the draft's new e-mails as pending rows (Viewer).
 */
export function sharePeopleOf(context: Pick<ShareContext, 'people' | 'draft' | 'canChange'>): SharePersonRow[] {
  const explicit = new Set((context.draft?.explicitEmails ?? []).map((e) => e.toLowerCase()));
  const editable = canEditPeopleOf(context);
  const rows: SharePersonRow[] = [];
  const listed = new Set<string>();
  for (const person of context.people) {
    const email = person.email.toLowerCase();
    if (isRemovablePerson(person) && !explicit.has(email)) continue;
    listed.add(email);
    rows.push({ ...person, pending: false, removable: editable && isRemovablePerson(person) });
  }
  for (const email of context.draft?.explicitEmails ?? []) {
    if (listed.has(email.toLowerCase())) continue;
    rows.push({ id: `pending:${email}`, name: email, email, avatars: { micro: null }, reasons: ['explicit'], role: 0, pending: true, removable: editable });
  }
  return rows;
}

/**
 * The problem with the password the draft would save, or null: only when public with the password on, and a new one
 * is typed or needed (the item has none yet). An empty field keeps the password the item has.
 */
export function sharePasswordProblemOf(context: Pick<ShareContext, 'draft' | 'settings'>): string | null {
  const { draft } = context;
  if (!draft || draft.mode !== 'public' || !draft.passwordEnabled) return null;
  if (draft.password === '' && context.settings?.hasPassword === true) return null;
  return itemPasswordProblem(draft.password, ITEM_PASSWORD_MAX_CHARS);
}

/**
 * §9 list height: the public-link settings (anonymous comments, password) take room, so the list is the shorter
 * SHARE_LIST_HEIGHT_PX (410) while they are shown (public) and SHARE_LIST_HEIGHT_TALL_PX (510) otherwise.
 */
export function shareListHeightOf(context: Pick<ShareContext, 'draft'>): number {
  return context.draft?.mode === 'public' ? SHARE_LIST_HEIGHT_PX : SHARE_LIST_HEIGHT_TALL_PX;
}

/** The review link the copy button copies. */
export function shareLinkOf(context: Pick<ShareContext, 'origin' | 'itemId'>): string {
  return context.itemId ? reviewLinkFor(context.origin, context.itemId) : '';
}

function errorMessageOf(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isSettings = (value: unknown): value is ShareSettings =>
  isObject(value) && typeof value.isPrivate === 'boolean' && typeof value.allowAnonComments === 'boolean' && typeof value.hasPassword === 'boolean';
/** The adapter checks every answer; this only keeps a missing one (replay, generated paths) from breaking the machine. */
const isPermissions = (output: unknown): output is PermissionsResponse => isObject(output) && Array.isArray(output.people) && isSettings(output.settings);
const isSaveAnswer = (output: unknown): output is PrivateShareResponse | PublicShareResponse => isObject(output) && isSettings(output.settings);
const invalidEmailsIn = (output: unknown): string[] =>
  isObject(output) && Array.isArray(output.invalidEmails) ? output.invalidEmails.filter((e): e is string => typeof e === 'string') : [];

/** A `share.updated` push for the open item, as settings; null for anything else. */
function pushedSettings(context: ShareContext, event: ShareEvent): ShareSettings | null {
  if (event.type !== 'realtime.message' || event.event !== 'share.updated' || event.data.itemId !== context.itemId) return null;
  const { isPrivate, allowAnonComments, hasPassword } = event.data;
  const settings = { isPrivate, allowAnonComments, hasPassword };
  return isSettings(settings) ? settings : null;
}

function withDraft(context: ShareContext, change: Partial<ShareDraft>): Partial<ShareContext> {
  return context.draft ? { draft: { ...context.draft, ...change }, showProblems: false } : {};
}

/**
 * The share dialog of one item (review-and-content §2 share dialog, §4 share mode, §5 share save and unsaved changes,
 * §6 share roles, §7 permissions and share-settings calls, §8 share errors, §9 list heights and copy confirmation;
 * systemId `share`).
 *
 * `open` is parallel: `dialog` reads the permissions (loading → editing, or fetchError with a retry), edits a
 * ShareDraft (public: anonymous comments, password; private: explicit people by e-mail), saves it (saving → closed,
 * or invalidEmails / saveError dialogs whose confirm returns to editing) and asks before discarding unsaved changes
 * (confirmingLeave); `link` copies the review link and shows 'copied' for COPY_CONFIRMATION_MS (tag `copied`).
 * Without canChange nothing can be edited or saved. A `share.updated` push refreshes the saved settings while
 * nothing is changed.
 */
export const shareMachine = setup({
  types: {
    context: {} as ShareContext,
    events: {} as ShareEvent,
  },
  actors: {
    fetchSharePermissions: promiseSlot<PermissionsResponse, { itemId: string }>('fetchSharePermissions'),
    saveShare: promiseSlot<PrivateShareResponse | PublicShareResponse, ShareSaveInput>('saveShare'),
  },
  actions: {
    copyToClipboard: (_, _params: { text: string }) => {},
    reportError: (_, _params: { message: string }) => {},
  },
  delays: {
    copyConfirmation: COPY_CONFIRMATION_MS,
  },
  guards: {
    canChange: ({ context }) => context.canChange,
    canEditPublic: ({ context }) => context.canChange && context.draft?.mode === 'public',
    canEditPeople: ({ context }) => canEditPeopleOf(context),
    canRemovePerson: ({ context }, params: { email: string }) => {
      const email = params.email.toLowerCase();
      return sharePeopleOf(context).some((row) => row.removable && row.email.toLowerCase() === email);
    },
    hasUnsavedChanges: ({ context }) => hasUnsavedChangesOf(context),
    hasProblem: ({ context }) => sharePasswordProblemOf(context) !== null,
    isPermissions: (_, params: { output: unknown }) => isPermissions(params.output),
    isSaveAnswer: (_, params: { output: unknown }) => isSaveAnswer(params.output),
    hasInvalidEmails: (_, params: { output: unknown }) => invalidEmailsIn(params.output).length > 0,
    isSharePushWhileUnchanged: ({ context, event }) => pushedSettings(context, event) !== null && !hasUnsavedChangesOf(context),
  },
}).createMachine({
  id: 'share',
  context: CLOSED,
  initial: 'closed',
  on: {
    'share.open': {
      target: '.open',
      reenter: true,
      actions: assign(({ event }) => ({ ...CLOSED, itemId: event.itemId, canChange: event.canChange, origin: event.origin })),
    },
    'share.reset': { target: '.closed' },
  },
  states: {
    closed: {
      entry: assign(CLOSED),
    },
    open: {
      type: 'parallel',
      states: {
        dialog: {
          initial: 'loading',
          states: {
            loading: {
              tags: ['loading'],
              invoke: {
                id: 'fetchSharePermissions',
                src: 'fetchSharePermissions',
                input: ({ context }) => ({ itemId: context.itemId ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isPermissions', params: ({ event }) => ({ output: event.output }) },
                    target: 'editing',
                    actions: assign(({ event }) => {
                      const people = event.output.people.map((p: PermissionPerson) => sharePersonOf(p));
                      const saved = draftFrom(event.output.settings, people);
                      return { settings: event.output.settings, people, saved, draft: saved, errorMessage: null };
                    }),
                  },
                  {
                    target: 'fetchError',
                    actions: [assign({ errorMessage: 'The permissions answer is unreadable.' }), { type: 'reportError', params: { message: 'Share: the permissions answer is unreadable.' } }],
                  },
                ],
                onError: {
                  target: 'fetchError',
                  actions: [
                    assign({ errorMessage: ({ event }) => errorMessageOf(event.error, 'The permissions could not be read.') }),
                    { type: 'reportError', params: ({ event }) => ({ message: `Share: reading the permissions failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
                  ],
                },
              },
              on: { 'share.close': { target: '#share.closed' } },
            },
            // 'share.fetch_permissions_error' with a try-again link (§8).
            fetchError: {
              on: {
                'share.retry': { target: 'loading', actions: assign({ errorMessage: null }) },
                'share.close': { target: '#share.closed' },
              },
            },
            editing: {
              on: {
                'share.setMode': { guard: 'canChange', actions: assign(({ context, event }) => withDraft(context, { mode: event.mode })) },
                'share.setAllowAnonComments': { guard: 'canEditPublic', actions: assign(({ context, event }) => withDraft(context, { allowAnonComments: event.value })) },
                // Turning the password off forgets what was typed: nothing of it is saved.
                'share.setPasswordEnabled': { guard: 'canEditPublic', actions: assign(({ context, event }) => withDraft(context, { passwordEnabled: event.value, password: '' })) },
                'share.setPassword': { guard: 'canEditPublic', actions: assign(({ context, event }) => withDraft(context, { password: event.password })) },
                'share.addEmails': {
                  guard: 'canEditPeople',
                  actions: assign(({ context, event }) => {
                    const draft = context.draft!;
                    const listed = sharePeopleOf(context).map((row) => row.email);
                    const { emails, invalid, duplicates } = parseEmailList(event.text, listed);
                    const room = Math.max(0, SHARE_MAX_EXPLICIT_PEOPLE - draft.explicitEmails.length);
                    const added = emails.slice(0, room);
                    return {
                      draft: { ...draft, explicitEmails: [...draft.explicitEmails, ...added] },
                      lastAdd: { added, invalid, duplicates, overLimit: emails.slice(room) },
                    };
                  }),
                },
                'share.removePerson': {
                  guard: { type: 'canRemovePerson', params: ({ event }) => ({ email: event.email }) },
                  actions: assign(({ context, event }) => withDraft(context, { explicitEmails: context.draft!.explicitEmails.filter((e) => e.toLowerCase() !== event.email.toLowerCase()) })),
                },
                'share.save': [
                  { guard: not('canChange') },
                  // Nothing changed: nothing to send.
                  { guard: not('hasUnsavedChanges'), target: '#share.closed' },
                  { guard: 'hasProblem', actions: assign({ showProblems: true }) },
                  { target: 'saving' },
                ],
                'share.close': [{ guard: 'hasUnsavedChanges', target: 'confirmingLeave' }, { target: '#share.closed' }],
                'realtime.message': {
                  guard: 'isSharePushWhileUnchanged',
                  actions: assign(({ context, event }) => {
                    const settings = pushedSettings(context, event)!;
                    const saved = draftFrom(settings, context.people);
                    return { settings, saved, draft: saved };
                  }),
                },
              },
            },
            saving: {
              tags: ['busy'],
              invoke: {
                id: 'saveShare',
                src: 'saveShare',
                input: ({ context }) => ({ itemId: context.itemId ?? '', request: shareRequestOf(context.draft!) }),
                onDone: [
                  {
                    guard: { type: 'hasInvalidEmails', params: ({ event }) => ({ output: event.output }) },
                    target: 'invalidEmails',
                    actions: assign(({ context, event }) => {
                      const invalid = invalidEmailsIn(event.output);
                      const answer = event.output as Partial<PrivateShareResponse>;
                      const people = Array.isArray(answer.people) ? answer.people.map((p) => sharePersonOf(p)) : context.people;
                      const settings = isSettings(answer.settings) ? answer.settings : context.settings!;
                      const drop = new Set(invalid.map((e) => e.toLowerCase()));
                      return {
                        settings,
                        people,
                        saved: draftFrom(settings, people),
                        draft: { ...context.draft!, explicitEmails: context.draft!.explicitEmails.filter((e) => !drop.has(e.toLowerCase())) },
                        invalidEmails: invalid,
                        lastAdd: null,
                      };
                    }),
                  },
                  { guard: { type: 'isSaveAnswer', params: ({ event }) => ({ output: event.output }) }, target: '#share.closed' },
                  {
                    target: 'saveError',
                    actions: [assign({ errorMessage: 'The share answer is unreadable.' }), { type: 'reportError', params: { message: 'Share: the save answer is unreadable.' } }],
                  },
                ],
                onError: {
                  target: 'saveError',
                  actions: [
                    assign({ errorMessage: ({ event }) => errorMessageOf(event.error, 'The share settings could not be saved.') }),
                    { type: 'reportError', params: ({ event }) => ({ message: `Share: saving failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
                  ],
                },
              },
            },
            // 'share.email_error_message' followed by the list (§8); the rest was saved.
            invalidEmails: {
              on: { 'share.confirm': { target: 'editing', actions: assign({ invalidEmails: [] }) } },
            },
            // 'share.api_error_message' with a confirm button (§8); the draft is kept.
            saveError: {
              on: { 'share.confirm': { target: 'editing', actions: assign({ errorMessage: null }) } },
            },
            // §5: leave (discard the changes) or stay.
            confirmingLeave: {
              on: {
                'share.leave': { target: '#share.closed' },
                'share.stay': { target: 'editing' },
              },
            },
          },
        },
        link: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'share.copyLink': { target: 'copied', actions: { type: 'copyToClipboard', params: ({ context }) => ({ text: shareLinkOf(context) }) } } },
            },
            copied: {
              tags: ['copied'],
              after: { copyConfirmation: 'idle' },
              on: {
                'share.copyLink': { target: 'copied', reenter: true, actions: { type: 'copyToClipboard', params: ({ context }) => ({ text: shareLinkOf(context) }) } },
              },
            },
          },
        },
      },
    },
  },
});
