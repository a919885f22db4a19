/**
 * The authoring dashboard's stand-ins over real HTTP and socket.io (review-and-content §4 course import, §7 calls):
 * browse_dashboard with the curated templates, cover-fit images, content pages' data, the rise-runtime ducks with
 * their validation (no coercion) and permissions, the training home, growth eligibility, and the conveyor room that
 * announces a finished import to its author only (also when the author joins after the import finished).
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONVEYOR_JOIN_EVENT,
  CURATED_TEMPLATE_IDS,
  DUCK_GET_COURSE,
  DUCK_IMPORT_BUSINESS_CONTENT_COURSE,
  DUCK_NEW_COURSE,
  IMPORT_SUCCESS_EVENT,
  importTemplatePayload,
  newCoursePayload,
  readBrowseDashboard,
  readRecordedWebinars,
} from '../../domain/dashboard.ts';
import { CONVEYOR_NAMESPACE } from '../../server/authoring/index.ts';
import { callJson, collect, connectOutcome, connectSocket, nextEvent, signIn, type SignedIn } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let alex: SignedIn;
let tara: SignedIn;
let eddie: SignedIn;
let rita: SignedIn;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600, courseImportDelayMs: 300 });
  const as = (name: string) => signIn(server.url, `${name}@example.com`);
  [alex, tara, eddie, rita] = await Promise.all([as('alex.admin'), as('tara.team'), as('eddie.expired'), as('rita.reach')]);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

const duck = (who: SignedIn | null, type: string, payload: unknown, pathType = type) =>
  callJson<{ id?: string; course?: { id: string; status: string; title: string }; message?: string }>(server.url, `/services/authoringRuntime/api/rise-runtime/ducks/${pathType}`, {
    token: who?.token,
    method: 'POST',
    body: { type, payload },
  });

async function joinRoom(who: SignedIn, room = who.aid): Promise<{ socket: Socket; ack: { ok?: boolean; error?: string } }> {
  const socket = connectSocket(server.url, CONVEYOR_NAMESPACE, { token: who.token });
  sockets.push(socket);
  expect(await connectOutcome(socket)).toBe('connected');
  const ack = (await socket.timeout(5000).emitWithAck(CONVEYOR_JOIN_EVENT, { room })) as { ok?: boolean; error?: string };
  return { socket, ack };
}

describe('content browse', () => {
  it('lists courses and microlearning with every curated template, for a signed-in caller only', async () => {
    const refused = await callJson(server.url, '/services/contentBrowse/api/content/browse_dashboard');
    expect(refused.status).toBe(401);
    const { status, body } = await callJson(server.url, '/services/contentBrowse/api/content/browse_dashboard', { token: alex.token });
    expect(status).toBe(200);
    const browse = readBrowseDashboard(body);
    expect(browse?.courses.length).toBeGreaterThan(CURATED_TEMPLATE_IDS.length);
    expect(browse?.microlearning.length).toBeGreaterThan(0);
    const ids = new Set(browse?.courses.map((c) => c.id));
    for (const id of CURATED_TEMPLATE_IDS) expect(ids.has(id)).toBe(true);
  });

  it('draws card images at the cover-fit size and refuses sizes it cannot draw', async () => {
    const ok = await fetch(`${server.url}/services/contentBrowse/images/templates/tpl-workplace-safety.svg?w=492&h=296&fit=cover`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await ok.text();
    expect(svg).toContain('width="492" height="296"');
    expect(svg).toContain('xMidYMid slice');
    expect((await fetch(`${server.url}/services/contentBrowse/images/templates/tpl-workplace-safety.svg?w=0`)).status).toBe(400);
    expect((await fetch(`${server.url}/services/contentBrowse/images/templates/tpl-workplace-safety.svg?fit=contain`)).status).toBe(400);
    expect((await fetch(`${server.url}/services/contentBrowse/images/templates/nope.svg`)).status).toBe(404);
  });

  it('serves a template and a character for the content pages, 404 for unknown ids', async () => {
    const template = await callJson<{ title: string }>(server.url, '/services/contentBrowse/api/content/templates/tpl-code-of-conduct');
    expect(template.status).toBe(200);
    expect(template.body.title).toBe('Code of Conduct');
    const character = await callJson<{ name: string }>(server.url, '/services/contentBrowse/api/content/characters/chr-amara');
    expect(character.body.name).toBe('Amara');
    expect((await callJson(server.url, '/services/contentBrowse/api/content/templates/nope')).status).toBe(404);
  });
});

describe('rise-runtime ducks', () => {
  it('creates a course and an AI outline for a seat holder', async () => {
    const course = await duck(alex, DUCK_NEW_COURSE, newCoursePayload('course'));
    expect(course.status).toBe(201);
    expect(course.body.id).toMatch(/^course-/);
    const outline = await duck(alex, DUCK_NEW_COURSE, newCoursePayload('aiOutline'));
    expect(outline.body.course).toMatchObject({ title: 'New Course Outline', status: 'ready' });
  });

  it('refuses callers without a Rise seat, and without a token', async () => {
    expect((await duck(eddie, DUCK_NEW_COURSE, newCoursePayload('course'))).status).toBe(403);
    expect((await duck(rita, DUCK_NEW_COURSE, newCoursePayload('course'))).status).toBe(403);
    expect((await duck(null, DUCK_NEW_COURSE, newCoursePayload('course'))).status).toBe(401);
  });

  it.each([
    ['a folder other than all', { folderId: 12, settings: { isAIConceptToCourse: false } }],
    ['a flag as text', { folderId: 'all', settings: { isAIConceptToCourse: 'false' } }],
    ['an unknown field', { folderId: 'all', settings: { isAIConceptToCourse: false }, owner: 'x' }],
    ['an empty title', { folderId: 'all', title: '  ', settings: { isAIConceptToCourse: true } }],
  ])('refuses NEW_COURSE with %s (400, words, nothing made)', async (_what, payload) => {
    const result = await duck(alex, DUCK_NEW_COURSE, payload);
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/Invalid request/);
  });

  it('refuses a body type that differs from the path, and an unknown type', async () => {
    expect((await duck(alex, DUCK_NEW_COURSE, newCoursePayload('course'), 'rise/courses/OTHER')).status).toBe(400);
    expect((await duck(alex, 'rise/courses/DELETE_COURSE', {})).status).toBe(400);
  });

  it('imports a template: GET_COURSE shows it importing, the room hears success, then it is ready', async () => {
    const { socket, ack } = await joinRoom(alex);
    expect(ack).toEqual({ ok: true });
    const heard = nextEvent<{ courseId: string }>(socket, IMPORT_SUCCESS_EVENT);
    const imported = await duck(alex, DUCK_IMPORT_BUSINESS_CONTENT_COURSE, importTemplatePayload('content-tpl-remote-work'));
    expect(imported.status).toBe(202);
    const id = imported.body.id!;
    const during = await duck(alex, DUCK_GET_COURSE, { courseId: id });
    expect(during.body.course).toMatchObject({ id, status: 'importing', title: 'Thriving in Remote Work' });
    expect(await heard).toEqual({ courseId: id });
    const after = await duck(alex, DUCK_GET_COURSE, { courseId: id });
    expect(after.body.course?.status).toBe('ready');
  });

  it('announces an import that finished before the author joined, once they join', async () => {
    const imported = await duck(tara, DUCK_IMPORT_BUSINESS_CONTENT_COURSE, importTemplatePayload('content-tpl-leading-teams'));
    const id = imported.body.id!;
    await expect.poll(async () => (await duck(tara, DUCK_GET_COURSE, { courseId: id })).body.course?.status).toBe('ready');
    const socket = connectSocket(server.url, CONVEYOR_NAMESPACE, { token: tara.token });
    sockets.push(socket);
    const heard = nextEvent<{ courseId: string }>(socket, IMPORT_SUCCESS_EVENT);
    await connectOutcome(socket);
    await socket.timeout(5000).emitWithAck(CONVEYOR_JOIN_EVENT, { room: tara.aid });
    expect(await heard).toEqual({ courseId: id });
  });

  it("keeps another author's course and room to themselves", async () => {
    const imported = await duck(alex, DUCK_IMPORT_BUSINESS_CONTENT_COURSE, importTemplatePayload('content-tpl-data-privacy'));
    expect((await duck(tara, DUCK_GET_COURSE, { courseId: imported.body.id })).status).toBe(404);
    const { ack, socket } = await joinRoom(tara, alex.aid);
    expect(ack.error).toBe('forbidden');
    const seen = collect(socket, IMPORT_SUCCESS_EVENT);
    const alexRoom = await joinRoom(alex);
    await nextEvent(alexRoom.socket, IMPORT_SUCCESS_EVENT);
    expect(seen).toEqual([]);
  });

  it('refuses an unknown template and a bad import payload', async () => {
    expect((await duck(alex, DUCK_IMPORT_BUSINESS_CONTENT_COURSE, importTemplatePayload('content-nope'))).status).toBe(404);
    expect((await duck(alex, DUCK_IMPORT_BUSINESS_CONTENT_COURSE, { color: 'blue', content: 'content-tpl-remote-work', contentType: 'templates' })).status).toBe(400);
    expect((await duck(alex, DUCK_IMPORT_BUSINESS_CONTENT_COURSE, { color: '#112233', content: 'content-tpl-remote-work', contentType: 'courses' })).status).toBe(400);
  });

  it('refuses a conveyor connection without a valid token', async () => {
    const socket = connectSocket(server.url, CONVEYOR_NAMESPACE, { token: 'forged' });
    sockets.push(socket);
    expect(await connectOutcome(socket)).toBe('unauthorized');
  });
});

describe('training home and growth', () => {
  it('lists recorded webinars', async () => {
    const { status, body } = await callJson(server.url, '/services/training/home', { token: alex.token });
    expect(status).toBe(200);
    expect(readRecordedWebinars(body)?.length).toBe(7);
  });

  it('answers eligibility per person; the switch takes only a boolean', async () => {
    const read = async (who: SignedIn) => (await callJson<{ eligible: boolean }>(server.url, '/services/growth/onboarding/eligibility', { token: who.token })).body.eligible;
    expect(await read(tara)).toBe(false);
    expect((await callJson(server.url, '/services/growth/onboarding/eligibility', { token: tara.token, method: 'PUT', body: { eligible: 'true' } })).status).toBe(400);
    await callJson(server.url, '/services/growth/onboarding/eligibility', { token: tara.token, method: 'PUT', body: { eligible: true } });
    expect(await read(tara)).toBe(true);
    expect(await read(alex)).toBe(false);
  });

  it('takes a late-answer delay only as a whole number of milliseconds up to a minute, and still answers', async () => {
    const put = (body: unknown) => callJson(server.url, '/services/growth/onboarding/eligibility', { token: alex.token, method: 'PUT', body });
    expect((await put({ eligible: true, answerAfterMs: '300' })).status).toBe(400);
    expect((await put({ eligible: true, answerAfterMs: 60_001 })).status).toBe(400);
    expect((await put({ eligible: true, answerAfterMs: 300 })).status).toBe(200);
    const answer = await callJson<{ eligible: boolean }>(server.url, '/services/growth/onboarding/eligibility', { token: alex.token });
    expect(answer.body.eligible).toBe(true);
    expect((await put({ eligible: false })).status).toBe(200);
  });
});
