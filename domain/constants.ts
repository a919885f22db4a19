/** Spec constants (foundation §9 and friends), each with its unit in the name. */

export const TOKEN_REFRESH_LEAD_MS = 60_000;
export const TOKEN_FETCH_TIMEOUT_MS = 30_000;
export const PROFILE_LOOKUP_TIMEOUT_MS = 10_000;
export const SESSION_REFRESH_WAIT_MS = 30_000;
export const SESSION_REFRESH_RETRY_MS = 3_000;
export const COOKIE_SESSION_CHECK_MS = 1_000;
export const PROFILE_VALIDATION_REFRESH_MS = 900_000;
export const LOADING_WARNING_MS = 5_000;
export const DIALOG_CLOSE_DELAY_MS = 100;
export const TOAST_DEFAULT_MS = 5_000;

export const ANON_EMAIL_MAX_LENGTH = 100;

/** Sign-in scope (foundation §5). */
export const OIDC_SCOPE = 'openid email offline_access profile';

/**
 * Bound of the event log in characters of JSON, payloads included (ARCHITECTURE.md): an hour of active use (the bench's
 * scripted minute writes about 335,000 characters, so about 20 M an hour), about 24 MB of memory at most.
 */
export const EVENT_LOG_CAPACITY_BYTES = 24_000_000;
/** Log time between two checkpoints of every actor's persisted snapshot. */
export const EVENT_LOG_CHECKPOINT_EVERY_MS = 3 * 60_000;
/** A recorded delayed event may fire this much after its due time (a busy or background tab); later is a divergence. */
export const REPLAY_TIMER_TOLERANCE_MS = 65_000;
/** Format marker written in the first line of every exported session log. */
export const EVENT_LOG_FORMAT = 'review-dashboard/event-log';
export const EVENT_LOG_FORMAT_VERSION = 3;

/** Realtime connection (foundation §9). */
export const SOCKET_RECONNECT_DELAY_MS = 5_000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 60_000;
export const SOCKET_RECONNECT_RANDOMIZATION = 0.9;
export const SOCKET_RECONNECT_ATTEMPTS = 6;
export const SOCKET_JUST_RECONNECTED_MS = 3_000;
/** How long the connection waits for the acknowledgement of `login` (foundation §7) before it counts as refused. */
export const SOCKET_LOGIN_ACK_TIMEOUT_MS = 10_000;
export const SOCKET_MESSAGE_DEDUP_WINDOW_MS = 10_000;
export const ITEM_INSERT_TIMEOUT_MS = 15_000;
/** How long a request on the socket waits for its acknowledgement; for a folder or item change the actor times it (`ackTimeout`). */
export const CONTENT_ACK_TIMEOUT_MS = 30_000;
/**
 * A folder or item change that could not be sent, or whose answer was lost, is asked again (with its change id) when
 * the connection returns, and at the latest after this long (ours: the spec's first reconnect delay).
 */
export const CHANGE_RETRY_MS = SOCKET_RECONNECT_DELAY_MS;

/** Toasts (foundation §9). */
export const TOAST_EDIT_MS = 10_000;
export const TOAST_SURVEY_MS = 10_000;
/** Translation editor §9: the save success toast for one segment, and for save-to-all duplicates. */
export const SAVE_SUCCESS_TOAST_MS = 2_000;
export const SAVE_ALL_SUCCESS_TOAST_MS = 5_000;
/** Review-and-content §9 "Export wait toast 60 s for CSV, 300 s for PDF": how long the client waits for the file. */
export const COMMENT_EXPORT_WAIT_CSV_MS = 60_000;
export const COMMENT_EXPORT_WAIT_PDF_MS = 300_000;

/** Comment notification levels (review-and-content §2 the item's notification popover): domain/comments.ts NotificationLevel. */
export const NOTIFICATION_LEVEL_LIST = ['mine', 'all', 'mute'] as const;

/** The notification digest is scheduled at 09:00 local time (foundation §7, §9); HH:MM. */
export const NOTIFICATION_DIGEST_TIME = '09:00';

/** Country cookie (foundation §7 geolocation, §9 "Country cookie lasts 6 months"). */
export const COUNTRY_COOKIE_NAME = 'country';
export const COUNTRY_COOKIE_MAX_AGE_SECONDS = 183 * 24 * 60 * 60;

/** Folders and the item grid (review-and-content §5, §9). */
export const FOLDER_MAX_DEPTH = 7;
export const NAME_MAX_LENGTH = 255;
export const SEARCH_MAX_LENGTH = 255;
export const ITEMS_PER_PAGE = 16;
export const PAGINATION_MARGIN_PAGES = 1;
export const PAGINATION_RANGE_PAGES = 3;

/** Client content actors (review-and-content §4, §9). */
/** A dialog opens on the next frame after its open request (§4): one frame at 60 Hz. */
export const DIALOG_OPEN_DELAY_MS = 16;
export const SEARCH_DEBOUNCE_MS = 100;
export const DRAG_HOVER_OPEN_MS = 1_000;
/** The drag count shows "99+" beyond this (§9). */
export const DRAG_COUNT_MAX = 99;
/** Moved, trashed and restored toasts (§9 "10000 ms for complete, failed, moved, trashed, restored"). */
export const TOAST_CONTENT_MS = 10_000;

// The item grid's folder sidebar (review-and-content §9), in percent of the screen width.
export const GRID_SIDEBAR_START_PERCENT = 20;
export const GRID_SIDEBAR_MIN_PERCENT = 12;
export const GRID_SIDEBAR_MAX_PERCENT = 40;

// Uploads, versions and the item view (review-and-content §4, §5, §9)
/** A version still uploading whose progress has not moved for this long is marked uploadFailed. */
export const UPLOAD_STALL_MS = 2_000;
/** Hashing (MD5) fills the first 5 % of an upload's progress. */
export const UPLOAD_HASH_PROGRESS_OFFSET = 0.05;
/** Bytes read from the start of a file to sniff its type. */
export const FILE_SNIFF_BYTES = 4_100;
/** The zip end-of-central-directory record is searched for in at most this many bytes at the file's end. */
export const ZIP_EOCD_SEARCH_BYTES = 65_557;
/** 5 GB (0x140000000 bytes): the largest upload and the largest comment attachment. */
export const MAX_UPLOAD_BYTES = 0x140000000;
/** 'upload complete' and upload-failed toasts stay this long. */
export const UPLOAD_TOAST_MS = 10_000;
/** Video player playback rates and arrow-key seek. */
export const VIDEO_PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const VIDEO_SEEK_SECONDS = 5;
/** Video poster width asked of the image service (quality 96, jpg). */
export const VIDEO_POSTER_WIDTH = 840;
/** Item thumbnails width asked of the image service (quality 96). */
export const THUMBNAIL_WIDTH = 720;
/** Item view sidebar (percent of the width): start, minimum, maximum with the translate flag, otherwise. */
export const ITEM_SIDEBAR_START_PERCENT = 50;
export const ITEM_SIDEBAR_MIN_PERCENT = 20;
export const ITEM_SIDEBAR_MAX_TRANSLATE_PERCENT = 60;
export const ITEM_SIDEBAR_MAX_PERCENT = 75;
/** A signed upload or download URL expires after this long. */
export const SIGNED_URL_TTL_MS = 3_600_000;

// Sharing and comments (review-and-content §5, §9; foundation §3, §7)
/** A comment's plain text is at most this many characters (typing beyond is ignored; the server refuses). */
export const COMMENT_MAX_CHARS = 1_500;
/** At most this many attachments per comment ('maximum attachments'). */
export const COMMENT_MAX_ATTACHMENTS = 5;
/** The largest comment attachment: 5 GB, the same as an upload. */
export const COMMENT_ATTACHMENT_MAX_BYTES = MAX_UPLOAD_BYTES;
/** An attachment title (its file name) is at most this many characters. */
export const COMMENT_ATTACHMENT_TITLE_MAX_CHARS = 255;
/** The mention suggestion dropdown opens above the caret when less than this many pixels remain below. */
export const SUGGESTION_FLIP_BELOW_PX = 300;
/** The emoji picker needs this much room (height, px) and shows this many emoji per line. */
export const EMOJI_PICKER_HEIGHT_PX = 387;
export const EMOJI_PER_LINE = 8;
/** A comment's enter and leave transitions. */
export const COMMENT_ENTER_MS = 100;
export const COMMENT_LEAVE_MS = 25;
/** 'copied' shows this long after copying the review link. */
export const COPY_CONFIRMATION_MS = 1_000;
/** The share dialog's people list height (px): with the public-link settings shown (they take room), and without (private). */
export const SHARE_LIST_HEIGHT_PX = 410;
export const SHARE_LIST_HEIGHT_TALL_PX = 510;
/** The most e-mails one private share may list. */
export const SHARE_MAX_EXPLICIT_PEOPLE = 200;
/** An item password is 1 to this many characters. */
export const ITEM_PASSWORD_MAX_CHARS = 128;
/** At most this many mention suggestions are returned. */
export const MENTION_SUGGESTION_LIMIT = 8;

/**
 * The user-storage key of the translation files last opened, per item (`{ itemId: { versionId, path } }`, the latest
 * TRANSLATION_FILES_REMEMBERED): a load of the translate address starts reading the item's file while the app starts.
 */
export const TRANSLATION_FILES_STORAGE_KEY = 'translation.files';
/** How many items' translation files TRANSLATION_FILES_STORAGE_KEY remembers. */
export const TRANSLATION_FILES_REMEMBERED = 20;

/**
 * The calls (method and path under /api; the CDN ones under the cdn service):
 * - validation: 200 ValidationResponse; 401 signed-in token invalid; 403 password needed (`unauthorized`) or no
 *   access; 404 no such item, version or target locale.
 * - commands: 200 CommandsResponse; 400 malformed, unknown path (`segmentNotFound`), empty value, command 1
 *   (`approvalsNotImplemented`: "Segment approvals not yet implemented."); 401 signed out; 403 no translate-content
 *   permission (`forbidden`); 409 the segment is locked (`locked`) or the Storyline release is too old (`unsupportedVersion`).
 * - progress PUT / DELETE: 204; 400 not a nav group; 401; 403; 409 previous version locked.
 * - getSegments: 200; 400 malformed. resetSegment: 204; 400; 401; 403; 409 locked.
 * - stack: 200; 404 not in a translation stack.
 */
export const TRANSLATION_CALLS = {
  validation: (itemId: string, versionId: string, targetLocale: string) =>
    ({ method: 'GET', path: `/translations/validation/${encodeURIComponent(itemId)}/${encodeURIComponent(versionId)}/${encodeURIComponent(targetLocale)}` }) as const,
  commands: (validationId: string) => ({ method: 'POST', path: `/translations/validation/commands/${encodeURIComponent(validationId)}` }) as const,
  completeGroup: (validationId: string) => ({ method: 'PUT', path: `/translations/validation/${encodeURIComponent(validationId)}/progress` }) as const,
  reopenGroup: (validationId: string) => ({ method: 'DELETE', path: `/translations/validation/${encodeURIComponent(validationId)}/progress` }) as const,
  getSegments: { method: 'POST', path: '/translations/validation/get-segments' } as const,
  resetSegment: (validationId: string) => ({ method: 'PUT', path: `/translations/validation/segment/${encodeURIComponent(validationId)}/reset` }) as const,
  stack: (itemId: string) => ({ method: 'GET', path: `/translations/stack/${encodeURIComponent(itemId)}` }) as const,
  /** Under the cdn service: the language map per display locale. */
  languageMap: (displayLocale: string) => `language-map/${encodeURIComponent(displayLocale)}.json`,
};
