/**
 * Strings of the share dialog (review-and-content §2 share item link dialog, §3 Share person, §4 share mode, §5 share
 * save and unsaved changes, §6 share roles, §8 share errors, §9 copy confirmation). Keys the spec names keep its names
 * ('share.fetch_permissions_error', 'share.api_error_message', 'share.email_error_message'); the rest are dot.case
 * under share. Merged into ../strings.ts.
 */
export const shareStrings = {
  'share.title': 'Share “{title}”',
  'share.titleNoName': 'Share this item',
  'share.loading': 'Loading who has access…',
  'share.readOnly': 'Only the owner and people who can edit this item can change how it’s shared.',

  // §4 share mode
  'share.mode.legend': 'Who can open it',
  'share.mode.public': 'Anyone with the link',
  'share.mode.public.hint': 'People without an account review it as guests, identified by their e-mail address.',
  'share.mode.private': 'Only people with access',
  'share.mode.private.hint': 'The people listed below: the owner, team folder members, reviewers and the people you add.',

  // Public settings
  'share.public.allowAnonComments': 'Guests can comment',
  'share.public.password': 'Require a password',
  'share.public.passwordLabel': 'Password',
  'share.public.passwordKeep': 'A password is set. Type a new one to change it.',
  'share.public.passwordNew': 'Reviewers enter it before the item opens.',

  // Private: people
  'share.people.add': 'Add people by e-mail',
  'share.people.addHint': 'Type or paste one or more e-mail addresses, separated by commas, spaces or new lines.',
  'share.people.addButton': 'Add',
  'share.people.malformed': 'These aren’t e-mail addresses: {list}',
  'share.people.list': 'People with access',
  'share.people.count.one': '1 person',
  'share.people.count.other': '{count} people',
  'share.people.remove': 'Remove {name}',
  'share.people.pending': 'Not saved yet',
  'share.people.empty': 'Nobody has been added yet.',
  'share.role.label': 'Role',
  'share.role.Viewer': 'Viewer',
  'share.role.Editor': 'Editor',
  'share.role.Owner': 'Owner',
  'share.reason.explicit': 'Added by e-mail',
  'share.reason.owner': 'Owner of the item',
  'share.reason.request-review': 'Asked to review',
  'share.reason.team-folder-group': 'Team folder group',
  'share.reason.team-folder-owner': 'Team folder owner',
  'share.reason.team-folder-user': 'Team folder member',

  // Link (§2 review link, §9 'copied' 1,000 ms)
  'share.link.label': 'Review link',
  'share.link.copy': 'Copy link',
  'share.link.copied': 'Copied',
  'share.link.copiedAnnouncement': 'Link copied to the clipboard.',

  // Buttons
  'share.save': 'Save',
  'share.cancel': 'Cancel',
  'share.close': 'Close',

  // §8 share errors
  'share.fetch_permissions_error': 'We couldn’t load who has access to this item.',
  'share.fetch_permissions_retry': 'Try again',
  'share.api_error_title': 'Sharing wasn’t saved',
  'share.api_error_message': 'Something went wrong while saving the sharing settings. Please try again.',
  'share.api_error_confirm': 'OK',
  'share.email_error_title': 'Some people weren’t added',
  'share.email_error_message': 'These entries are not e-mail addresses of accounts, so they were not added:',
  'share.email_error_confirm': 'OK',

  // §5 unsaved changes
  'share.leave.title': 'Leave without saving?',
  'share.leave.body': 'Your changes to how this item is shared will be lost.',
  'share.leave.leave': 'Leave',
  'share.leave.stay': 'Stay',
} as const;
