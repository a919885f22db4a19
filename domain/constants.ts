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

/** Default capacity of the event-log ring buffer (ARCHITECTURE.md). */
export const EVENT_LOG_CAPACITY_EVENTS = 20_000;
/** Format marker written in the first line of every exported session log. */
export const EVENT_LOG_FORMAT = 'review-dashboard/event-log';
export const EVENT_LOG_FORMAT_VERSION = 1;

/** Realtime connection (foundation §9). */
export const SOCKET_RECONNECT_DELAY_MS = 5_000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 60_000;
export const SOCKET_RECONNECT_RANDOMIZATION = 0.9;
export const SOCKET_RECONNECT_ATTEMPTS = 6;
export const SOCKET_JUST_RECONNECTED_MS = 3_000;
export const SOCKET_MESSAGE_DEDUP_WINDOW_MS = 10_000;
export const ITEM_INSERT_TIMEOUT_MS = 15_000;

/** Toasts (foundation §9). */
export const TOAST_EDIT_MS = 10_000;
export const TOAST_SURVEY_MS = 10_000;

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
