/**
 * The authoring dashboard's rules (review-and-content §2 dashboard, §3 template card and webinar, §7 calls, §9 grid
 * constants): the template grid's columns, the curated order, the image-service URLs, the webinar list's split, the
 * browse and webinar responses read without coercion, and the rise-runtime duck types.
 */

/** §9: cards 246 px wide with a 32 px gap, so one more column needs 278 px; 2 rows. */
export const TEMPLATE_CARD_WIDTH_PX = 246;
export const TEMPLATE_CARD_HEIGHT_PX = 360;
export const TEMPLATE_GRID_GAP_PX = 32;
export const TEMPLATE_GRID_ROWS = 2;
/** §9: card title clamped to 2 lines, description to 4. */
export const TEMPLATE_TITLE_LINES = 2;
export const TEMPLATE_DESCRIPTION_LINES = 4;
/** §9: the webinar sidebar shows the first 3; a button reveals the rest with their count. */
export const WEBINARS_SHOWN_FIRST = 3;
/** §9: onboarding eligibility time-out (5 s). */
export const ONBOARDING_TIMEOUT_MS = 5_000;
/** §7: dashboard card images are cover-fit at 492 × 296 (twice the card's image box). */
export const CARD_IMAGE_SIZE = { width: 492, height: 296 } as const;

/** §9: columns = floor((width + 32) / 278), at least 1; a width that is not a finite number is 1 column. */
export function templateColumns(widthPx: number): number {
  if (!Number.isFinite(widthPx)) return 1;
  return Math.max(1, Math.floor((widthPx + TEMPLATE_GRID_GAP_PX) / (TEMPLATE_CARD_WIDTH_PX + TEMPLATE_GRID_GAP_PX)));
}

/** How many cards the grid shows: its columns times 2 rows. */
export function templatesShown(widthPx: number): number {
  return templateColumns(widthPx) * TEMPLATE_GRID_ROWS;
}

export type TemplateType = 'Course' | 'Microlearning';

/** §3 template/content card. */
export interface TemplateCard {
  id: string;
  content_id: string;
  internal_id: string;
  title: string;
  description: string;
  image: string;
  card_image: string;
  lesson_count: number;
  topicTitle: string;
  templateType: TemplateType;
}

export interface BrowseDashboard {
  courses: TemplateCard[];
  microlearning: TemplateCard[];
}

/** §3 webinar. */
export interface Webinar {
  id: string;
  slug: string;
  title: string;
  series: { title: string };
}

/**
 * §9: the curated featured templates, first and in this order (16; the list differs by environment, this is the
 * reference service's). Ids are the cards' `id`.
 */
export const CURATED_TEMPLATE_IDS: readonly string[] = [
  'tpl-onboarding-essentials',
  'tpl-workplace-safety',
  'tpl-customer-service',
  'tpl-code-of-conduct',
  'tpl-cybersecurity-basics',
  'tpl-leading-teams',
  'tpl-giving-feedback',
  'tpl-time-management',
  'tpl-diversity-inclusion',
  'tpl-data-privacy',
  'tpl-sales-discovery',
  'tpl-product-launch',
  'tpl-remote-work',
  'tpl-anti-harassment',
  'tpl-project-kickoff',
  'tpl-wellbeing-at-work',
];

/** Curated templates first in the fixed order, then the rest in the order the service gave them; duplicates once. */
export function orderTemplates(cards: readonly TemplateCard[], curated: readonly string[] = CURATED_TEMPLATE_IDS): TemplateCard[] {
  const byId = new Map<string, TemplateCard>();
  for (const card of cards) if (!byId.has(card.id)) byId.set(card.id, card);
  const first = curated.flatMap((id) => {
    const card = byId.get(id);
    return card ? [card] : [];
  });
  const curatedSet = new Set(curated);
  return [...first, ...[...byId.values()].filter((card) => !curatedSet.has(card.id))];
}

/** §7: the image service's cover-fit URL of an image at a size (query w, h, fit=cover); an empty image stays empty. */
export function coverImageUrl(image: string, size: { width: number; height: number } = CARD_IMAGE_SIZE): string {
  if (image === '') return '';
  const separator = image.includes('?') ? '&' : '?';
  return `${image}${separator}w=${size.width}&h=${size.height}&fit=cover`;
}

/** §9: the first 3 webinars, the rest behind "show N more" (N = the rest's count). */
export function splitWebinars<T>(webinars: readonly T[], expanded: boolean): { shown: T[]; hiddenCount: number } {
  if (expanded) return { shown: [...webinars], hiddenCount: 0 };
  return { shown: webinars.slice(0, WEBINARS_SHOWN_FIRST), hiddenCount: Math.max(0, webinars.length - WEBINARS_SHOWN_FIRST) };
}

const isText = (value: unknown): value is string => typeof value === 'string';

function cardOf(raw: unknown): TemplateCard | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const texts = ['id', 'content_id', 'internal_id', 'title', 'description', 'image', 'card_image', 'topicTitle'] as const;
  if (!texts.every((key) => isText(r[key]))) return null;
  if (typeof r.lesson_count !== 'number' || !Number.isInteger(r.lesson_count) || r.lesson_count < 0) return null;
  if (r.templateType !== 'Course' && r.templateType !== 'Microlearning') return null;
  return {
    id: r.id as string,
    content_id: r.content_id as string,
    internal_id: r.internal_id as string,
    title: r.title as string,
    description: r.description as string,
    image: r.image as string,
    card_image: r.card_image as string,
    lesson_count: r.lesson_count,
    topicTitle: r.topicTitle as string,
    templateType: r.templateType,
  };
}

/** The browse_dashboard response read strictly: cards that are not cards are dropped; not an object → null. */
export function readBrowseDashboard(raw: unknown): BrowseDashboard | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (!Array.isArray(r.courses) || !Array.isArray(r.microlearning)) return null;
  const cards = (list: unknown[]) => list.map(cardOf).filter((card): card is TemplateCard => card !== null);
  return { courses: cards(r.courses), microlearning: cards(r.microlearning) };
}

/** The training home's recordedWebinars read strictly; not the expected shape → null. */
export function readRecordedWebinars(raw: unknown): Webinar[] | null {
  if (!raw || typeof raw !== 'object') return null;
  const list = (raw as Record<string, unknown>).recordedWebinars;
  if (!Array.isArray(list)) return null;
  return list.flatMap((item): Webinar[] => {
    if (!item || typeof item !== 'object') return [];
    const w = item as Record<string, unknown>;
    const series = w.series as Record<string, unknown> | null | undefined;
    if (!isText(w.id) || !isText(w.slug) || !isText(w.title) || !series || !isText(series.title)) return [];
    return [{ id: w.id, slug: w.slug, title: w.title, series: { title: series.title } }];
  });
}

/** §7 rise-runtime duck types. */
export const DUCK_NEW_COURSE = 'rise/courses/NEW_COURSE';
export const DUCK_IMPORT_BUSINESS_CONTENT_COURSE = 'rise/businessContent/IMPORT_BUSINESS_CONTENT_COURSE';
export const DUCK_GET_COURSE = 'rise/courses/GET_COURSE';
export const DUCK_TYPES = [DUCK_NEW_COURSE, DUCK_IMPORT_BUSINESS_CONTENT_COURSE, DUCK_GET_COURSE] as const;
export type DuckType = (typeof DUCK_TYPES)[number];

/** §7: the AI outline's course title and type. */
export const AI_OUTLINE_TITLE = 'New Course Outline';
export const AI_OUTLINE_TYPE = 'aiOutline';

export type NewCourseKind = 'course' | 'aiOutline';

/** The NEW_COURSE payload (§7): folderId 'all', settings with isAIConceptToCourse; the AI outline's title and type. */
export function newCoursePayload(kind: NewCourseKind): Record<string, unknown> {
  if (kind === 'aiOutline') {
    return { folderId: 'all', title: AI_OUTLINE_TITLE, type: AI_OUTLINE_TYPE, settings: { isAIConceptToCourse: true } };
  }
  return { folderId: 'all', settings: { isAIConceptToCourse: false } };
}

/** The IMPORT_BUSINESS_CONTENT_COURSE payload (§7): a colour, the content (the card's content id), contentType 'templates'. */
export function importTemplatePayload(contentId: string, color = '#2454d6'): Record<string, unknown> {
  return { color, content: contentId, contentType: 'templates' };
}

/** The conveyor's event once an imported course is ready (review-and-content §4). */
export const IMPORT_SUCCESS_EVENT = 'import business content course success';
/** What a client emits on the conveyor namespace to join its author's room (ack `{ ok: true }` or `{ error }`). */
export const CONVEYOR_JOIN_EVENT = 'join';

/** Where the authoring tool's course page is (§2 outbound navigation). */
export function authoringCoursePath(courseId: string): string {
  return `/authoring/${encodeURIComponent(courseId)}`;
}

/** Where a template import waits (§2). */
export function importCoursePath(courseId: string): string {
  return `/import-course/${encodeURIComponent(courseId)}`;
}

/** The business-content browser's tabs, opened by #templates and #microlearning (§2). */
export type BusinessContentTab = 'templates' | 'microlearning';

export function businessContentTabOf(hash: string): BusinessContentTab | null {
  const value = hash.replace(/^#/, '');
  return value === 'templates' || value === 'microlearning' ? value : null;
}

/**
 * The downtime banner's window (§2, §9), set by staff in the service's configuration (/config.json `downtime`): the
 * banner announces the maintenance from `announceFrom` until the maintenance ends.
 */
export interface DowntimeWindow {
  /** ISO 8601 instants. */
  announceFrom: string;
  startsAt: string;
  endsAt: string;
}

/** The banner shows from announceFrom (inclusive) until endsAt (exclusive), unless dismissed. */
export function downtimeBannerShown(downtime: DowntimeWindow | null, nowMs: number, dismissed: boolean): boolean {
  if (!downtime || dismissed) return false;
  return Date.parse(downtime.announceFrom) <= nowMs && nowMs < Date.parse(downtime.endsAt);
}

/** A dismissal holds for one window only: another window shows again. */
export function downtimeDismissalKey(downtime: DowntimeWindow): string {
  return `dashboard.downtimeDismissed.${downtime.startsAt}`;
}

/** "Jan 26, 5 PM EST" (the maintenance is announced in US Eastern time, as §9's text). */
const downtimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York', timeZoneName: 'short' });
export function downtimeInstant(iso: string): string {
  return downtimeFormat.format(new Date(Date.parse(iso)));
}

/** Reads /config.json's `downtime` (null: none); throws a message naming what is wrong. */
export function parseDowntimeWindow(raw: unknown): DowntimeWindow | null {
  if (raw == null) return null;
  const body = raw as Record<string, unknown>;
  const instant = (name: keyof DowntimeWindow): string => {
    const value = body[name];
    if (typeof value !== 'string' || !Number.isFinite(Date.parse(value))) throw new Error(`downtime.${name} must be an ISO 8601 date-time`);
    return value;
  };
  const startsAt = instant('startsAt');
  const endsAt = instant('endsAt');
  const downtime = { announceFrom: instant('announceFrom'), startsAt, endsAt };
  if (!(Date.parse(downtime.announceFrom) <= Date.parse(downtime.startsAt) && Date.parse(downtime.startsAt) < Date.parse(downtime.endsAt))) {
    throw new Error('downtime must have announceFrom ≤ startsAt < endsAt');
  }
  return downtime;
}

/** A JSON-RPC 2.0 message from the embedded business-content browser (§7): ready, close, or import with a content id. */
export type BrowserMessage = { method: 'ready' } | { method: 'close' } | { method: 'import'; contentId: string };

/** Reads a window message's data as a browser message; anything else (or not JSON-RPC 2.0) → null. */
export function readBrowserMessage(data: unknown): BrowserMessage | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const m = value as Record<string, unknown>;
  if (m.jsonrpc !== '2.0') return null;
  if (m.method === 'ready' || m.method === 'close') return { method: m.method };
  if (m.method === 'import') {
    const params = m.params as Record<string, unknown> | null | undefined;
    const id = params && typeof params === 'object' ? params.id : undefined;
    if (typeof id === 'string' && id.trim() !== '') return { method: 'import', contentId: id };
  }
  return null;
}
