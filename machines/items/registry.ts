/** Registry entries of the items feature: each machine with its payload cases (charts, path generation, replay read them). */
import { itemMachine } from './itemMachine.ts';
import { itemNotificationsMachine } from './itemNotificationsMachine.ts';
import { itemStackMachine } from './itemStackMachine.ts';
import { type RegistryEntry, FILE, detail, httpRefusal, refusal, version } from '../registryCases.ts';

const push = (event: string, data: Record<string, unknown>) => ({ namespace: '/item/i1', event, data: { messageId: `m-${event}`, ...data } });
const subscription = (level: string) => ({ output: { subscription: { itemId: 'i1', level, userId: 'u-alex' } } });

const itemRequest = (itemId: string, versionQuery: number | null, password: string | null = null) => ({ itemId, tab: 'review', versionQuery, reviewRequest: null, password });
const VIDEO_VERSIONS = [1, 2].map((n) => ({ ...version(n, 'ready'), contentPrefix: null, playerFile: null, mediaUrl: `/blobs/review/transcode/k${n}/demo.mp4`, fileName: 'demo.mp4' }));
const itemAnswers = [
  { output: { item: detail(VIDEO_VERSIONS, { product: 'video' }) } },
  { output: { item: detail([version(1, 'ready'), version(2, 'ready')]) } },
  { output: { item: detail([version(1, 'uploading')]) } },
  { output: { item: detail([version(1, 'unpackFailed')]) } },
  { output: { item: detail([]) } },
  { output: 'not an item' },
];
const itemRefusals = [refusal('passwordFailed', 'Password required.'), refusal('accessDenied', 'Private item.'), refusal('notFound', 'No such item.'), refusal('serverError', 'The service could not be reached.')];

export const itemsEntries: readonly RegistryEntry[] = [
  {
    name: 'item',
    machine: itemMachine,
    input: { userId: 'u-alex' },
    description:
      'The item view: load (loading, fetch success, failed to fetch, unauthorized with the password dialog, private item access denied, not found), the shown version (processing, failed processing, ready, deleted version), live pushes (new version: move + toast, or the out-of-date dialog), restore version, cancel or retry of a failed upload, backup and video downloads (review-and-content §2, §4, §5, §7, §8).',
    cases: {
      'item.open': [itemRequest('i1', null), itemRequest('i1', 1), itemRequest('i2', null, 'letmein')],
      // The same viewer as the input: the transition is driven without doubling the states the search visits.
      'item.viewerChanged': [{ userId: 'u-alex', anonymousEmail: null }],
      'item.submitPassword': [{ password: 'letmein' }],
      'item.restoreVersion': [{ version: 1 }, { version: 2 }],
      'item.askRestore': [{ version: 1 }],
      'item.retryUpload': [{ file: FILE }],
      'realtime.message': [
        push('item.versionCreated', { itemId: 'i1', version: version(3, 'uploading', 'u-sam'), item: detail([]) }),
        push('item.versionUpdated', { itemId: 'i1', version: version(1, 'ready'), deleted: false }),
        push('item.versionUpdated', { itemId: 'i1', version: version(1, 'uploadFailed'), deleted: false }),
        push('item.versionUpdated', { itemId: 'i1', version: version(2, 'ready'), deleted: true }),
        // The failed version shown is deleted; a newer one fails: the view moves between failed and deleted versions.
        push('item.versionUpdated', { itemId: 'i1', version: version(1, 'unpackFailed'), deleted: true }),
        push('item.versionCreated', { itemId: 'i1', version: version(3, 'uploadFailed', 'u-sam'), item: detail([]) }),
        push('item.softDeleteHashed', { id: 'i1', folderId: 12, hash: 'h2' }),
        push('item.backupUpdated', { itemId: 'i1', backup: { id: 'b1', version: 2, status: 'ready' } }),
      ],
      'realtime.reconnected': [{ namespace: '/item/i1' }],
      'xstate.done.actor.fetchItem': itemAnswers.filter((_, i) => i !== 1),
      'xstate.error.actor.fetchItem': itemRefusals,
      'xstate.done.actor.checkPassword': [itemAnswers[1]!, itemAnswers.at(-1)!],
      'xstate.error.actor.checkPassword': itemRefusals,
      'xstate.done.actor.refetchItem': [itemAnswers[1]!, itemAnswers.at(-1)!],
      'xstate.error.actor.refetchItem': itemRefusals,
      'xstate.done.actor.restoreVersion': [{ output: { item: detail([version(1, 'ready'), version(2, 'ready'), version(3, 'ready')]) } }, { output: null }],
      'xstate.error.actor.restoreVersion': [refusal('invalidRequest', 'The latest version cannot be restored.')],
      'xstate.done.actor.deleteVersion': [{ output: { item: null } }, { output: { item: detail([version(1, 'ready')]) } }, { output: 'not an answer' }],
      'xstate.error.actor.deleteVersion': [refusal('versionReady', 'The version is ready.')],
      'xstate.done.actor.listBackups': [
        { output: [{ id: 'b1', version: 2, status: 'ready' }] },
        { output: [{ id: 'b1', version: 2, status: 'created' }] },
        { output: [] },
      ],
      'xstate.done.actor.fetchBackupUrl': [{ output: 'http://localhost/api/downloads/t2' }, { output: '' }],
      'xstate.done.actor.presignDownload': [{ output: { url: 'http://localhost/api/downloads/t3', fileName: 'Intro course.mp4' } }, { output: {} }],
    },
  },
  {
    name: 'itemNotifications',
    machine: itemNotificationsMachine,
    description: "The per-item notification level popover (mine, all, mute; signed-in accounts): item.subscriptionFind, then item.subscriptionUpsert on a choice, each with an error and a retry (review-and-content §3, §7, §9; foundation §3).",
    cases: {
      'itemNotifications.open': [{ itemId: 'i1' }],
      'itemNotifications.select': [{ level: 'all' }, { level: 'mine' }],
      'xstate.done.actor.findSubscription': [subscription('mine'), { output: null }],
      'xstate.error.actor.findSubscription': [refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.upsertSubscription': [subscription('all'), { output: null }],
      'xstate.error.actor.upsertSubscription': [refusal('serverError', 'The service could not be reached.')],
    },
  },
  {
    name: 'itemStack',
    machine: itemStackMachine,
    description:
      "The translation stack of the member item open in the item view: the stack call read → loaded (the stack's title for the header, its members with their review status for the stack sidebar), none (not in a stack, or an unreadable answer) or failed (words and Try again); another member of the same stack keeps the sidebar while it is read again (review-and-content §2, §3; translation-editor §2).",
    cases: {
      'itemStack.open': [
        { itemId: 'i-en', pass: null },
        { itemId: 'i-fr', pass: null },
      ],
      'xstate.done.actor.fetchItemStack': [
        {
          output: {
            stackId: 'st1',
            title: 'Onboarding course',
            sourceLocale: 'en',
            entries: [
              { itemId: 'i-en', title: 'Onboarding course (English)', locale: 'en', role: 'source', progress: null },
              { itemId: 'i-fr', title: 'Onboarding course (French)', locale: 'fr', role: 'target', progress: { complete: 1, total: 6 } },
            ],
          },
        },
        { output: { stackId: 'st1', entries: 'not a list' } },
      ],
      'xstate.error.actor.fetchItemStack': [httpRefusal(404, 'This item is not part of a translation stack.'), httpRefusal(500, 'Database down')],
    },
  },
];
