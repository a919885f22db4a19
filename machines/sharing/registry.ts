/** Registry entries of the sharing feature: each machine with its payload cases (charts, path generation, replay read them). */
import { shareMachine } from './shareMachine.ts';
import { type RegistryEntry, httpRefusal } from '../registryCases.ts';

// Sharing, per-item notifications and the outbox: answers as domain/sharing.ts and domain/comments.ts carry them.
const sharePerson = (userId: string, email: string, reasons: string[], role: number) => ({
  userId,
  profile: { firstName: userId, lastName: '', email, links: { micro: null } },
  reasons,
  role,
});
const SHARE_PEOPLE = [sharePerson('u-alex', 'alex.admin@example.com', ['owner'], 2), sharePerson('u-sam', 'sam@example.com', ['explicit'], 0)];
const shareSettings = (isPrivate: boolean, hasPassword = false) => ({ isPrivate, allowAnonComments: !isPrivate, hasPassword });

export const sharingEntries: readonly RegistryEntry[] = [
  {
    name: 'share',
    machine: shareMachine,
    description:
      "The share dialog of one item: permissions read (fetch error with try again), a public (anonymous comments, password) or private (people by e-mail) draft, save with the invalid-e-mails and error dialogs, leave-or-stay on unsaved changes, read-only without edit-metadata or ownership, copy link with 'copied' for 1,000 ms, share.updated pushes (review-and-content §2, §4–§9).",
    cases: {
      'share.open': [
        { itemId: 'i1', canChange: true, origin: 'http://localhost' },
        { itemId: 'i1', canChange: false, origin: 'http://localhost' },
      ],
      'share.setMode': [{ mode: 'public' }, { mode: 'private' }],
      'share.setAllowAnonComments': [{ value: true }],
      'share.setPasswordEnabled': [{ value: true }, { value: false }],
      'share.setPassword': [{ password: 'letmein' }],
      'share.addEmails': [{ text: 'kim@example.com, not-an-email, sam@example.com' }],
      'share.removePerson': [{ email: 'sam@example.com' }],
      'realtime.message': [{ namespace: '/item/i1', event: 'share.updated', data: { messageId: 'm-share', itemId: 'i1', ...shareSettings(false, true) } }],
      'xstate.done.actor.fetchSharePermissions': [{ output: { people: SHARE_PEOPLE, settings: shareSettings(true) } }, { output: { people: SHARE_PEOPLE, settings: shareSettings(false, true) } }, { output: null }],
      'xstate.error.actor.fetchSharePermissions': [httpRefusal(404, 'No such item.')],
      'xstate.done.actor.saveShare': [
        { output: { invalidEmails: ['ghost@example.com'], settings: shareSettings(true), people: SHARE_PEOPLE } },
        { output: { settings: shareSettings(false) } },
        { output: null },
      ],
      'xstate.error.actor.saveShare': [httpRefusal(403, 'Only the owner or editors can change sharing.')],
    },
  },
];
