/**
 * Strings of the item view, the players, uploads and their dialogs (review-and-content §2, §4, §8, §9;
 * foundation §8 upload issue dialog). Keys the spec names keep its names ('share.access_denied_title',
 * 'review.deleted_title', 'upload.leave_warning'); the rest are dot.case under item., player., upload.
 * Loaded with the item view (../strings.ts `loadStrings`); the words any page may show (uploads, the item dialogs drawn
 * outside it) are in ./contentShared.ts.
 */
export const itemStrings = {
  // §8 item view failures
  'share.access_denied_title': 'You don’t have access to this item',
  'share.access_denied_text': 'It’s private, or it was shared with someone else. Ask the person who shared it to give you access.',
  'share.access_denied_signedOut': 'Sign in to see it if it was shared with you.',
  'share.access_denied_signIn': 'Sign in',
  'share.access_denied_createAccount': 'Create an account',
  'review.deleted_title': 'This item has been deleted',
  'review.deleted_text': 'It was moved to the trash or deleted forever, so it can no longer be reviewed.',
  'review.deleted_back': 'Go to my content',
  'review.deleted_version_title': 'This version has been deleted',
  'review.deleted_version_text': 'The version you are looking for no longer exists. The latest version is still here.',
  'review.deleted_version_latest': 'View the latest version',
  'review.processing_title': 'We’re processing this version…',
  'review.processing_text': 'It opens here as soon as it’s ready. You can leave this page in the meantime.',
  'review.processing_text_uploading': 'It opens here once it’s uploaded and processed.',
  'review.processing_uploading': 'Uploading: {percent}%',
  'review.processing_progress': 'Progress',
  'review.failed.transcodeFailed.title': 'This video couldn’t be converted',
  'review.failed.uploadFailed.title': 'This upload didn’t finish',
  'review.failed.processFailed.title': 'This version couldn’t be processed',
  'review.failed.transcodeFailed.owner': 'The file may be damaged or in a format we can’t convert.',
  'review.failed.uploadFailed.owner': 'The connection may have dropped before the whole file was sent.',
  'review.failed.processFailed.owner': 'The file may be damaged or not a published package.',
  'review.failed.reason': 'What we found:',
  'review.failed.uploaderHint': 'Retry to choose the file again, or cancel to remove this version.',
  'review.failed.ownerHint': 'Upload a new version to replace it.',
  'review.failed.askOwner': 'Ask the owner of this item to upload it again.',
  'review.failed.cancel': 'Cancel',
  'review.failed.retry': 'Retry',
  'review.loading': 'Loading the item…',

  // Password prompt (§2 unauthorized: an undismissable dialog)
  'review.password.title': 'This item is password protected',
  'review.password.text': 'Enter the password you were given to open it.',
  'review.password.label': 'Password',
  'review.password.submit': 'Open',
  'review.password.wrong': 'That password isn’t right. Check it and try again.',

  // Item header (§2)
  'item.header.label': 'Item',
  'item.header.back': 'Back to {name}',
  'item.header.backToGrid': 'My content',
  'item.header.tabs': 'Item views',
  'item.header.share': 'Share',
  'item.header.feedback': 'Feedback',
  'item.header.unread.one': '1 unread comment',
  'item.header.unread.other': '{count} unread comments',
  'item.header.reviewers': 'Reviewers',
  'item.header.moreReviewers': '{count} more reviewers',
  'item.header.close': 'Close',
  'item.header.export': 'Export',
  'item.header.exportMenu': 'Export menu',
  'item.export.backup': 'Download project backup',
  'item.export.backupPreparing': 'Preparing project backup…',
  'item.export.video': 'Download video',
  'item.export.videoPreparing': 'Preparing download…',

  // Versions (§2 version dropdown, §9 'MM/DD/YYYY at time')
  'item.version.label': 'Version {number}',
  'item.version.menu': 'Versions',
  'item.version.choose': 'Version {number}, choose another version',
  'item.version.current': 'Current',
  'item.version.restore': 'Restore',
  'item.version.restoreLabel': 'Restore version {number}',
  'item.version.state.uploading': 'Uploading',
  'item.version.state.processing': 'Processing',
  'item.version.state.uploadFailed': 'Upload failed',
  'item.version.state.transcodeFailed': 'Conversion failed',
  'item.version.state.invalidVideoFile': 'Not a video',
  'item.version.state.unpackFailed': 'Processing failed',
  'item.version.state.ready': 'Ready',

  // Layout (§2 review screen, §9 sidebar 50 / 20 / 60 or 75)
  'item.player.label': 'Player',
  'item.sidebar.label': 'Comments panel',
  'item.sidebar.tabs': 'Panel',
  'item.sidebar.comments': 'Comments',
  'item.sidebar.translate': 'Translate',
  'item.sidebar.resize': 'Resize the player and the comments panel',
  'item.sidebar.collapse': 'Hide the comments panel',
  'item.sidebar.expand': 'Show the comments panel',
  'item.sidebar.placeholder': 'Comments arrive here soon.',

  // Players (§2, §8 "player cannot play video", §9 rates and seek)
  'player.package.title': '{title} (player)',
  'player.package.unavailable': 'This content cannot be shown',
  'player.package.unavailableText': 'The published files of this version are missing. Try another version, or upload it again.',
  'player.video.fallback': 'Your browser can’t play this video.',
  'player.video.error': 'This video can’t be played',
  'player.video.errorText': 'The file may be damaged or in a format your browser doesn’t support.',
  'player.video.rate': 'Playback speed',
  'player.video.rateOption': '{rate}×',
  'player.video.rateNormal': '1× (normal)',
  'player.video.keys': 'Left and right arrow keys skip back and forward {seconds} seconds.',

  // The wired item screen
  'item.title': 'Item',
  'item.fetchFailed.title': 'This item could not be loaded',
  'item.fetchFailed.body': 'Check your connection and try again.',
  'item.fetchFailed.retry': 'Try again',
  // The translate panel's name and its loading state, shown too while the translate tab's code loads.
  'translation.panel.label': 'Translation editor',
  'translation.panel.loading': 'Loading translations…',
} as const;
