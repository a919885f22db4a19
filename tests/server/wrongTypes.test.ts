/**
 * Wrong-typed and malformed requests against the real service (server/README.md "Validation"): every mutating HTTP
 * route family (review requests, translations, sharing, item stacks, flags, notifications, analytics) answers 400 to
 * a value of the wrong type — never coerced (`"true"`, `0`, `""`, `null`, `["x"]` for a boolean, a string, an array)
 * — and stores nothing (every table such a call could write is compared before and after); base64 text that is not
 * UTF-8 is refused; a query number that is not finite is a 400, not a 500; a survey with a wrong-typed "other" is a
 * 400 signed in or out.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemRecord } from '../../domain/content.ts';
import { FLAG_KEYS } from '../../domain/flags.ts';
import { REVIEW_REQUEST_CALLS, type ReviewBootstrap, type ReviewRequestRow } from '../../domain/reviewRequests.ts';
import { COMMAND_UPDATE, pathKey, TRANSLATION_CALLS, TRANSLATION_TOOL_CALLS, TRANSLATION_VIEW, type ValidationResponse } from '../../domain/translation.ts';
import { toBase64 } from '../../domain/translationEdits.ts';
import { SEEDED_REVIEW_REQUEST } from '../../server/seedContent.ts';
import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import { callJson, connectUser, type UserClient } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { seededItem, seededTranslationItems, smartReviewSurvey } from '../support/translations.ts';

let server: TestServer;
let alex: UserClient;
let tara: UserClient;
let sam: UserClient;
let vera: UserClient;
let ian: UserClient;
const sockets: Socket[] = [];

/** Ids the cases use, found once the server runs. */
const ids = { reviewItem: '', taraRow: '', ianRow: '', shareItem: '', stack: '', library: 0, validation: '' };

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  [alex, tara, sam, vera, ian] = (await Promise.all(
    ['alex.admin', 'tara.team', 'sam.staff', 'vera.validator', 'ian.individual'].map((name) => connectUser(server.url, `${name}@example.com`, sockets)),
  )) as [UserClient, UserClient, UserClient, UserClient, UserClient];
  const fetchItems = async (search: string) =>
    ((await alex.socket.timeout(5000).emitWithAck('item.fetch', { folderId: 'ALL_CONTENT', page: 1, search, product: 'all' })) as { data: { items: ItemRecord[] } }).data.items;
  ids.reviewItem = (await fetchItems(SEEDED_REVIEW_REQUEST.title)).find((i) => i.title === SEEDED_REVIEW_REQUEST.title)!.id;
  const rows = (await callJson<ReviewBootstrap>(server.url, `/api${REVIEW_REQUEST_CALLS.list(ids.reviewItem).path}`, { token: alex.token })).body.reviewRequests;
  ids.taraRow = rows.find((r) => r.email === SEEDED_REVIEW_REQUEST.viewed)!.id;
  ids.ianRow = rows.find((r) => r.email === SEEDED_REVIEW_REQUEST.complete)!.id;
  ids.shareItem = (await fetchItems('Welcome to the team')).find((i) => i.title === 'Welcome to the team')!.id;
  ids.stack = (await fetchItems(SEEDED_TRANSLATIONS.riseStack)).find((i) => i.isStack && i.title === SEEDED_TRANSLATIONS.riseStack)!.id;
  const folders = (await alex.socket.timeout(5000).emitWithAck('folder.fetch', {})) as { data: { folders: { id: number; name: string }[] } };
  ids.library = folders.data.folders.find((f) => f.name === 'Team Library')!.id;
  const french = seededItem(await seededTranslationItems(server.url, alex), SEEDED_TRANSLATIONS.storylineFrench);
  const validation = await callJson<ValidationResponse>(server.url, `/api${TRANSLATION_CALLS.validation(french.id, french.versions.at(-1)!.id, 'fr').path}`, { token: vera.token });
  ids.validation = validation.body.validationId;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

/** Every table a mutating HTTP call could write, and the stored snapshots: what "nothing stored" compares. */
const TABLES = [
  'review_requests',
  'notification_outbox',
  'validation_changes',
  'validation_progress',
  'translation_experience',
  'item_shares',
  'items',
  'item_stacks',
  'feature_flags',
  'notification_preferences',
  'analytics_events',
] as const;

function stored(): Record<string, string[]> {
  const db = new SQLite(path.join(server.dataDir, 'review.sqlite'), { readonly: true });
  try {
    const tables = Object.fromEntries(TABLES.map((table) => [table, (db.prepare(`select * from ${table}`).all() as unknown[]).map((row) => JSON.stringify(row)).sort()]));
    let snapshots: string[] = [];
    try {
      snapshots = readdirSync(path.join(server.dataDir, 'cdn', 'snapshots'));
    } catch {
      // none stored yet
    }
    return { ...tables, snapshots };
  } finally {
    db.close();
  }
}

// Wrong values per expected type. Arrays of one value and empty strings are included on purpose: ajv's default
// coercion turns ["x"] into "x" and "" into null.
const NOT_STRING = [0, 1.5, true, false, [], ['x'], {}];
const NOT_REQUIRED_STRING = [...NOT_STRING, null, ''];
const NOT_BOOLEAN = [0, 1, 'true', 'false', '', null, [true], {}];
const NOT_NUMBER = ['1', '0.5', '', true, null, [0.5], {}];
const NOT_ARRAY = ['x', '', 0, true, null, {}];
const NOT_OBJECT = ['x', '', 0, true, null, [], [{}]];
/** UTF-8 base64 that is not UTF-8: a lone continuation byte, an encoded lone surrogate, "true" read as base64. */
const NOT_UTF8_BASE64 = [Buffer.from([0x41, 0x80]).toString('base64'), Buffer.from([0xed, 0xa0, 0x80]).toString('base64'), 'true'];

type Who = () => UserClient | null;
interface Case {
  name: string;
  who: Who;
  method: string;
  path: () => string;
  body: () => Record<string, unknown>;
  /** A field (dotted path into the body) and the values it must refuse (read once the ids are known). */
  readonly fields: [string, unknown[]][];
}

function withField(body: Record<string, unknown>, dotted: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = dotted.split('.');
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1)!] = value;
  return copy;
}

const FAR = '2099-06-15';
const frenchSegment = pathKey(['scene-1', 'slide-1-2', 'slide-1-2-layer-1', 'why-layer-title']);
const frenchSlide = pathKey(['scene-1', 'slide-1-2']);
// A copy as a plain record, so the field tables can take it apart.
const surveyBody = () => ({ ...smartReviewSurvey(vera.email) });
const surveyFields: [string, unknown[]][] = [
  ['user', NOT_REQUIRED_STRING],
  ['slug', NOT_REQUIRED_STRING],
  ['feedback', NOT_REQUIRED_STRING],
  ['wasPositiveExperience', [0, 1, 'true', '', [true], {}]],
  ['integrations', NOT_ARRAY],
  ['integrations.0', NOT_REQUIRED_STRING],
  ['surveyResponse', NOT_OBJECT],
  ['surveyResponse.other', NOT_BOOLEAN],
  ['surveyResponse.otherText', [...NOT_STRING, null]],
];

const CASES: Case[] = [
  // Review requests (alex requested the seeded review of his item from tara and ian).
  {
    name: 'review request',
    who: () => alex,
    method: 'POST',
    path: () => REVIEW_REQUEST_CALLS.create.path,
    body: () => ({
      itemId: ids.reviewItem,
      reviewers: ['nick.nonadmin@example.com'],
      dueDate: FAR,
      customMessage: 'Please review.',
      action: 'request',
      requesterTimeZone: 'Europe/Paris',
      isInStack: false,
      userTypes: { mrus: 0, subAndNonMruUsers: 0, emailUsers: 1 },
    }),
    fields: [
      ['itemId', NOT_REQUIRED_STRING],
      ['reviewers', NOT_ARRAY],
      ['reviewers.0', NOT_REQUIRED_STRING],
      ['dueDate', ['', 0, true, [FAR], {}, '2099-06-15T00:00:00Z']],
      ['customMessage', NOT_STRING],
      ['action', NOT_REQUIRED_STRING],
      ['requesterTimeZone', NOT_REQUIRED_STRING],
      ['isInStack', NOT_BOOLEAN],
      ['userTypes', NOT_OBJECT],
      ['userTypes.emailUsers', NOT_NUMBER],
    ],
  },
  {
    name: 'edit due date',
    who: () => alex,
    method: 'POST',
    path: () => REVIEW_REQUEST_CALLS.editDueDate.path,
    body: () => ({ itemId: ids.reviewItem, dueDate: FAR }),
    fields: [
      ['itemId', NOT_REQUIRED_STRING],
      ['dueDate', ['', 0, false, [], [FAR], {}]],
      ['requesterTimeZone', NOT_REQUIRED_STRING],
    ],
  },
  {
    name: 'review status',
    who: () => tara,
    method: 'POST',
    path: () => REVIEW_REQUEST_CALLS.updateStatus.path,
    body: () => ({ reviewRequest: ids.taraRow, reviewStatus: 'viewed', anonUserEmail: null }),
    fields: [
      ['reviewRequest', NOT_REQUIRED_STRING],
      ['reviewStatus', [...NOT_REQUIRED_STRING, ['viewed']]],
      ['anonUserEmail', NOT_STRING],
    ],
  },
  {
    name: 'complete review',
    who: () => tara,
    method: 'POST',
    path: () => REVIEW_REQUEST_CALLS.complete(ids.taraRow).path,
    body: () => ({ itemId: ids.reviewItem, isInStack: false, anonUserEmail: null }),
    fields: [
      ['itemId', NOT_REQUIRED_STRING],
      ['isInStack', NOT_BOOLEAN],
      ['anonUserEmail', NOT_STRING],
    ],
  },
  {
    name: 'reopen review',
    who: () => ian,
    method: 'POST',
    path: () => REVIEW_REQUEST_CALLS.reopen.path,
    body: () => ({ reviewRequestId: ids.ianRow, anonEmail: null }),
    fields: [
      ['reviewRequestId', NOT_REQUIRED_STRING],
      ['anonEmail', NOT_STRING],
    ],
  },
  {
    name: 'delete reviews',
    who: () => alex,
    method: 'DELETE',
    path: () => REVIEW_REQUEST_CALLS.deleteReviews.path,
    body: () => ({ itemId: ids.reviewItem, reviewRequests: [ids.taraRow], isInStack: false }),
    get fields(): Case['fields'] {
      return [
        ['itemId', NOT_REQUIRED_STRING],
        ['reviewRequests', [...NOT_ARRAY, ids.taraRow]],
        ['reviewRequests.0', NOT_REQUIRED_STRING],
        ['isInStack', NOT_BOOLEAN],
      ];
    },
  },
  // Translations (vera edits the French Storyline target; slide 1.2 is not complete).
  {
    name: 'segment save',
    who: () => vera,
    method: 'POST',
    path: () => TRANSLATION_CALLS.commands(ids.validation).path,
    body: () => ({
      email: vera.email,
      view: TRANSLATION_VIEW,
      changes: [{ path: frenchSegment, command: COMMAND_UPDATE, data: { newValue: toBase64('Le saviez-vous vraiment ?'), normalizedLevenshteinDistance: 0.3 }, isCourseUpdate: false }],
    }),
    fields: [
      ['email', [...NOT_STRING, null]],
      ['view', [...NOT_STRING, null]],
      ['changes', NOT_ARRAY],
      ['changes.0', NOT_OBJECT],
      ['changes.0.path', NOT_REQUIRED_STRING],
      ['changes.0.command', ['0', '', null, true, false, [0], {}]],
      ['changes.0.data', NOT_OBJECT],
      ['changes.0.data.newValue', [...NOT_STRING, null, ...NOT_UTF8_BASE64, 'not base64!', 'TGU']],
      ['changes.0.data.normalizedLevenshteinDistance', NOT_NUMBER],
      ['changes.0.isCourseUpdate', NOT_BOOLEAN],
      ['changes.0.suggestionModel', NOT_STRING],
    ],
  },
  {
    name: 'complete slide',
    who: () => vera,
    method: 'PUT',
    path: () => TRANSLATION_CALLS.completeGroup(ids.validation).path,
    body: () => ({ path: frenchSlide, email: vera.email, view: TRANSLATION_VIEW, isCourseUpdate: false }),
    fields: [
      ['path', NOT_REQUIRED_STRING],
      ['email', [...NOT_STRING, null]],
      ['isCourseUpdate', NOT_BOOLEAN],
    ],
  },
  {
    name: 'reset segment',
    who: () => vera,
    method: 'PUT',
    path: () => TRANSLATION_CALLS.resetSegment(ids.validation).path,
    body: () => ({ path: pathKey(SEEDED_TRANSLATIONS.pendingSegmentPath), command: COMMAND_UPDATE, data: { newValue: '' }, isCourseUpdate: false, view: TRANSLATION_VIEW, email: vera.email }),
    fields: [
      ['path', NOT_REQUIRED_STRING],
      ['command', ['0', '', null, false, [0]]],
      ['data', NOT_OBJECT],
      ['isCourseUpdate', NOT_BOOLEAN],
    ],
  },
  { name: 'survey', who: () => vera, method: 'POST', path: () => TRANSLATION_TOOL_CALLS.experience.path, body: surveyBody, fields: surveyFields },
  { name: 'survey signed out', who: () => null, method: 'POST', path: () => TRANSLATION_TOOL_CALLS.experience.path, body: surveyBody, fields: surveyFields },
  {
    name: 'snapshot',
    who: () => vera,
    method: 'POST',
    path: () => TRANSLATION_TOOL_CALLS.snapshot.path,
    body: () => ({ html: toBase64('<p>Slide</p>'), width: 960, height: 540 }),
    fields: [
      ['html', [...NOT_REQUIRED_STRING, ...NOT_UTF8_BASE64]],
      ['width', NOT_NUMBER],
      ['height', NOT_NUMBER],
    ],
  },
  // Sharing (alex's own item).
  {
    name: 'private share',
    who: () => alex,
    method: 'PUT',
    path: () => `/items/${ids.shareItem}/share-settings/private`,
    body: () => ({ explicitPermissions: [{ email: ian.email }] }),
    fields: [
      ['explicitPermissions', [...NOT_ARRAY, { email: 'ian.individual@example.com' }]],
      ['explicitPermissions.0', NOT_OBJECT],
      ['explicitPermissions.0.email', NOT_REQUIRED_STRING],
    ],
  },
  {
    name: 'public share',
    who: () => alex,
    method: 'PUT',
    path: () => `/items/${ids.shareItem}/share-settings/public`,
    body: () => ({ allowAnonComments: true, password: 'a-secret-password' }),
    fields: [
      ['allowAnonComments', NOT_BOOLEAN],
      ['password', [...NOT_STRING, ['a-secret-password']]],
    ],
  },
  // Item stacks (alex owns the Rise stack).
  {
    name: 'stack rename',
    who: () => alex,
    method: 'PUT',
    path: () => `/item-stacks/rename/${ids.stack}`,
    body: () => ({ title: 'Renamed stack' }),
    fields: [['title', [...NOT_STRING, null, ['Renamed stack']]]],
  },
  {
    name: 'stack move',
    who: () => alex,
    method: 'PUT',
    path: () => '/item-stacks/move',
    body: () => ({ stackIds: [ids.stack], toFolderId: ids.library }),
    get fields(): Case['fields'] {
      return [
        ['stackIds', [...NOT_ARRAY, ids.stack]],
        ['toFolderId', [String(ids.library), '', true, false, [ids.library], {}, 1.5]],
      ];
    },
  },
  {
    name: 'stack trash',
    who: () => alex,
    method: 'DELETE',
    path: () => '/item-stacks/bulk-soft-delete',
    body: () => ({ stackIds: [ids.stack] }),
    get fields(): Case['fields'] {
      return [['stackIds', [...NOT_ARRAY, ids.stack]]];
    },
  },
];

/** Services outside /api: flags (staff), notification preferences and analytics. */
const SERVICE_CASES: Case[] = [
  {
    name: 'flag',
    who: () => sam,
    method: 'PUT',
    path: () => `/services/flags/v1/flags/${FLAG_KEYS[0]}`,
    body: () => ({ subscriptionId: null, value: true }),
    fields: [
      ['value', NOT_BOOLEAN],
      ['subscriptionId', NOT_STRING.concat([''])],
    ],
  },
  {
    name: 'notification preference',
    who: () => tara,
    method: 'PUT',
    path: () => '/services/notifications/preferences',
    body: () => ({ frequency: 'daily', type: 'ReviewCommentNotification', scheduleTime: '18:00', timeZone: 'UTC' }),
    fields: [
      ['frequency', [...NOT_REQUIRED_STRING, ['daily']]],
      ['type', [...NOT_REQUIRED_STRING, ['ReviewCommentNotification']]],
      ['scheduleTime', [...NOT_REQUIRED_STRING, ['18:00'], 1800]],
      ['timeZone', [...NOT_REQUIRED_STRING, ['UTC']]],
    ],
  },
  {
    name: 'analytics event',
    who: () => tara,
    method: 'POST',
    path: () => '/services/analytics/analytics',
    body: () => ({ userId: tara.aid, event: 'dashboard.opened', properties: { tab: 'review' } }),
    get fields(): Case['fields'] {
      return [
        ['userId', [...NOT_REQUIRED_STRING, [tara.aid]]],
        ['event', [...NOT_REQUIRED_STRING, ['dashboard.opened']]],
        ['properties', NOT_OBJECT],
      ];
    },
  },
];

/** One call of a case with `body`: the status, and the JSON answer when there is one (a snapshot answers text). */
async function send(c: Case, base: string, body: Record<string, unknown>): Promise<{ status: number; body: { message?: unknown } | null }> {
  const token = c.who()?.token;
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const response = await fetch(`${server.url}${base}${c.path()}`, { method: c.method, headers, body: JSON.stringify(body) });
  const text = await response.text();
  try {
    return { status: response.status, body: text ? (JSON.parse(text) as { message?: unknown }) : null };
  } catch {
    return { status: response.status, body: null };
  }
}

/** Sends every wrong value of every field; answers the ones not refused with 400 (should be none). */
async function notRefused(cases: Case[], base: string): Promise<string[]> {
  const accepted: string[] = [];
  for (const c of cases) {
    for (const [field, values] of c.fields) {
      for (const value of values) {
        const result = await send(c, base, withField(c.body(), field, value));
        if (result.status !== 400 || typeof result.body?.message !== 'string') accepted.push(`${c.name}: ${field} = ${JSON.stringify(value)} → ${result.status}`);
      }
    }
  }
  return accepted;
}

describe('wrong-typed bodies', () => {
  it('are refused with 400 by every mutating route, and nothing is stored', async () => {
    const before = stored();
    const accepted = [...(await notRefused(CASES, '/api')), ...(await notRefused(SERVICE_CASES, ''))];
    expect(accepted).toEqual([]);
    expect(stored()).toEqual(before);
  });

  it('an empty due date does not clear the due dates of the item’s requests', async () => {
    const dueDates = async () =>
      (await callJson<{ reviewRequests: ReviewRequestRow[] }>(server.url, `/api${REVIEW_REQUEST_CALLS.list(ids.reviewItem).path}`, { token: alex.token })).body.reviewRequests.map((r) => r.dueDate);
    const before = await dueDates();
    expect(before.every((date) => typeof date === 'string')).toBe(true);
    const refused = await callJson<{ message: string }>(server.url, `/api${REVIEW_REQUEST_CALLS.editDueDate.path}`, { token: alex.token, method: 'POST', body: { itemId: ids.reviewItem, dueDate: '' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/dueDate/);
    expect(await dueDates()).toEqual(before);
  });

  it('the same bodies with the right types still pass (a real client’s shapes)', async () => {
    const ok = async (c: Case, base = '/api') => (await send(c, base, c.body())).status;
    const named = (name: string) => [...CASES, ...SERVICE_CASES].find((c) => c.name === name)!;
    expect(await ok(named('edit due date'))).toBe(204);
    expect(await ok(named('segment save'))).toBe(200);
    expect(await ok(named('survey'))).toBe(204);
    expect(await ok(named('snapshot'))).toBe(200);
    expect(await ok(named('public share'))).toBe(200);
    expect(await ok(named('stack rename'))).toBe(204);
    expect(await ok(named('flag'), '')).toBe(200);
    expect(await ok(named('notification preference'), '')).toBe(200);
    expect(await ok(named('analytics event'), '')).toBe(204);
  });
});

describe('malformed requests are 400, never 500', () => {
  it('a limit that is not a finite number (staff event list)', async () => {
    for (const limit of ['Infinity', '-Infinity', '1e309', '-1e309']) {
      const result = await callJson<{ message: string }>(server.url, `/services/analytics/events?limit=${limit}`, { token: sam.token });
      expect([limit, result.status]).toEqual([limit, 400]);
      expect(result.body.message).toBe('Invalid request: querystring/limit must be a finite number');
    }
    expect((await callJson(server.url, '/services/analytics/events?limit=20', { token: sam.token })).status).toBe(200);
  });

  it('a survey whose "other" answer has no text of the right type, signed out or in (the schema answers before the auth rule and the selection rule)', async () => {
    for (const who of [null, vera]) {
      for (const surveyResponse of [{ other: true }, { other: true, otherText: 5 }, { other: true, otherText: null }, { other: true, otherText: { text: 'x' } }]) {
        const whole = { ...surveyBody(), surveyResponse: { ...surveyBody().surveyResponse, ...surveyResponse } };
        for (const body of 'otherText' in surveyResponse ? [{ surveyResponse }, whole] : [{ surveyResponse }]) {
          const result = await callJson<{ error: string }>(server.url, `/api${TRANSLATION_TOOL_CALLS.experience.path}`, { token: who?.token, method: 'POST', body });
          expect([who?.email ?? 'signed out', body, result.status]).toEqual([who?.email ?? 'signed out', body, 400]);
          expect(result.body.error).toBe('invalidRequest');
        }
      }
    }
    // A well-typed answer signed out keeps the route's rule: sign in first.
    expect((await callJson(server.url, `/api${TRANSLATION_TOOL_CALLS.experience.path}`, { method: 'POST', body: surveyBody() })).status).toBe(401);
  });
});
