import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page, type Route } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import type { Ack, ContentAckData, ContentPayload, ContentRequestName } from '../../domain/content.ts';
import { ALL_CONTENT } from '../../domain/folderRoles.ts';
import { UPDATES_POPOVER_DISMISSED_STORAGE_KEY, WALKTHROUGH_DONE_STORAGE_KEY } from '../../domain/translation.ts';
import { signedInOnce, type E2eSignedInState } from '../support/e2eAuth.ts';
import { serverPool, type ServerPool, type WorkerServer } from '../support/e2eServers.ts';

export const DEMO_PASSWORD = 'review-demo';

export const test = base.extend<{ signIn: (email: string, password?: string) => Promise<void>; serverEnv: Record<string, string> }, { servers: ServerPool; server: Pick<WorkerServer, 'url'> }>({
  /**
   * Extra environment for a server of the file's own (a file sets it with `test.use({ serverEnv })`): its tests get
   * a server started with it, in the same worker (no new worker and browser), stopped once the worker moves on.
   */
  serverEnv: [{}, { option: true }],
  servers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const pool = serverPool();
      await use(pool);
      await pool.close();
    },
    { scope: 'worker' },
  ],
  /** The server the worker's last test used: for a file's afterAll (worker hooks cannot see a test's baseURL). */
  server: [
    async ({ servers }, use) => {
      await use({
        get url() {
          if (!servers.current) throw new Error('server: no test of this worker has used a server yet');
          return servers.current.url;
        },
      });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ servers, serverEnv }, use) => use((await servers.get(serverEnv)).url),
  signIn: async ({ page }, use) => {
    await use((email, password = DEMO_PASSWORD) => fillLogin(page, email, password));
  },
});

/** Fills the provider's login page, which the app redirected to. */
export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByLabel(/e-mail/i)).toBeVisible();
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

export { expect };

// ---------------------------------------------------------------------------------------------------------
// Content (issue 4): signing in to the item grid, unique names, and a socket client for test set-up.

/** A name no other test (or repeat of this one) uses: tests of one worker share one server. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * A sign-in of `email` done over HTTP (tests/support/e2eAuth.ts): the cookies and localStorage a browser holds
 * after the login page, for a new context's `storageState`. The worker keeps one per account and server and hands it
 * out again while it is good (`signedInOnce`): contexts of one account share its provider session, like tabs.
 */
export async function signedInState(baseURL: string, email: string, password = DEMO_PASSWORD): Promise<E2eSignedInState> {
  const state = await signedInOnce(new URL(baseURL).origin, email, password);
  // Chromium refuses SameSite=None cookies without Secure (oidc-provider's `_session`; `_session.legacy` carries it).
  return { ...state, cookies: state.cookies.filter((cookie) => cookie.sameSite !== 'None' || cookie.secure) };
}

/**
 * A request to the worker's service as `email`, signed in over HTTP with no browser and no page load: for set-up
 * that is not what a test is about (a staff flag or test hook, a share setting, reading the analytics collector).
 * `data` goes as JSON. Resolves the response as fetch gives it.
 */
export async function requestAs(baseURL: string, email: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<Response> {
  const { accessToken, origin } = await signedInState(baseURL, email);
  const headers: Record<string, string> = { Authorization: `Bearer ${accessToken}` };
  if (data !== undefined) headers['content-type'] = 'application/json';
  return fetch(new URL(path, origin), { method, headers, body: data === undefined ? undefined : JSON.stringify(data) });
}

/** A new browser context already signed in as `email` (as after the login page), with `options` for the rest. */
export async function signedInContext(browser: Browser, baseURL: string, email: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const state = await signedInState(baseURL, email);
  return browser.newContext({ ...options, baseURL, storageState: { cookies: state.cookies, origins: [{ origin: state.origin, localStorage: state.localStorage }] } });
}

/** An address on the app's origin that never reaches the server: a blank page to write localStorage from. */
const SIGN_IN_SEED_PATH = '/__e2e-sign-in';

/**
 * Signs `page`'s context in as `email` without the login page (cookies and the client's stored user, as a browser
 * holds them after signing in); the page is left on a blank page of the app's origin.
 */
export async function signInContextOf(page: Page, email: string): Promise<void> {
  const seed = (route: Route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>sign-in</title>' });
  await page.route(`**${SIGN_IN_SEED_PATH}`, seed);
  try {
    await page.goto(SIGN_IN_SEED_PATH);
    const state = await signedInState(page.url(), email);
    await page.context().addCookies(state.cookies);
    await page.evaluate((entries) => {
      for (const entry of entries) window.localStorage.setItem(entry.name, entry.value);
    }, state.localStorage);
  } finally {
    await page.unroute(`**${SIGN_IN_SEED_PATH}`, seed);
  }
}

/**
 * Opens `path` (an item-grid address) signed in as `email`, and waits for the folder tree (on a narrow screen, for
 * the button the tree folds behind). The sign-in is done over HTTP ({@link signInContextOf}); tests of the sign-in
 * itself use {@link fillLogin} on the provider's page.
 */
export async function openGridAs(page: Page, email: string, path = '/review'): Promise<void> {
  await signInContextOf(page, email);
  await page.goto(path);
  await expect(page.getByRole('tree', { name: 'Folders' }).or(page.getByRole('button', { name: 'Folders', exact: true })).first()).toBeVisible();
}

/** A folder of the sidebar's tree, by its exact name. */
export function treeFolder(page: Page, name: string): Locator {
  return page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name, exact: true });
}

/** The card of an item in the grid, by its exact title. */
export function itemCard(page: Page, title: string): Locator {
  return page.getByRole('list', { name: 'Items' }).getByRole('article', { name: title, exact: true });
}

/** The socket requests of domain/content.ts, answered by the real server (set-up that the UI cannot do yet, e.g. an item to work on). */
export interface ContentApi {
  /** The signed-in account's id. */
  aid: string;
  /** Sends a request and resolves its data; rejects with the server's reason when refused. */
  request<K extends ContentRequestName>(event: K, payload: ContentPayload<K>): Promise<ContentAckData<K>>;
  close(): void;
}

/** A socket on /user/<aid> with the access token the page holds (sign in on the page first). */
export async function contentApi(page: Page): Promise<ContentApi> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : '';
  });
  if (!token) throw new Error('contentApi: the page is not signed in');
  return contentApiWithToken(new URL(page.url()).origin, token);
}

/** A socket on /user/<aid> of the account whose access token is `token`. */
async function contentApiWithToken(base: string, token: string): Promise<ContentApi> {
  const me = await fetch(`${base}/api/me`, { headers: { Authorization: `Bearer ${token}` } });
  if (!me.ok) throw new Error(`contentApi: /api/me answered ${me.status}`);
  const { aid } = (await me.json()) as { aid: string };
  const socket: Socket = io(`${base}/user/${aid}`, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error: Error) => reject(error));
  });
  return {
    aid,
    request: (event, payload) =>
      new Promise((resolve, reject) => {
        socket.timeout(10_000).emit(event, payload, (error: Error | null, ack: Ack<never>) => {
          if (error) reject(error);
          else if (ack.success) resolve(ack.data);
          else reject(new Error(`${event} refused: ${ack.reason} ${ack.message}`));
        });
      }),
    close: () => {
      socket.disconnect();
    },
  };
}

/** Runs `use` with a {@link contentApi} socket and closes it afterwards, whatever happens. */
export async function withContentApi<T>(page: Page, use: (api: ContentApi) => Promise<T>): Promise<T> {
  const api = await contentApi(page);
  try {
    return await use(api);
  } finally {
    api.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Uploads and the item view (issue 5): files made in the test, a drop onto the page, and seeded item ids.

/** A file handed to the page (a file chooser's `setFiles`, or {@link dropFiles}). */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Drops `files` on `target` the way a browser does: dragenter, dragover and drop carrying a DataTransfer whose
 * Files are built in the page from the bytes.
 */
export async function dropFiles(target: Locator, files: TestFile[]): Promise<void> {
  const page = target.page();
  const payload = files.map((file) => ({ name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.mimeType }));
    }
    return transfer;
  }, payload);
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer });
  await dataTransfer.dispose();
}

/** A {@link ContentApi} socket for `email`, signed in over HTTP (no browser). */
async function contentApiAs(baseURL: string, email: string): Promise<ContentApi & { token: string }> {
  const { accessToken: token, origin } = await signedInState(baseURL, email);
  return { ...(await contentApiWithToken(origin, token)), token };
}

/** Runs `use` with a {@link ContentApi} socket of `email` (signed in over HTTP) and the id of the live item `title` they see. */
async function withItemOf<T>(baseURL: string, email: string, title: string, use: (api: ContentApi, id: string) => Promise<T>): Promise<T> {
  const api = await contentApiAs(baseURL, email);
  try {
    const { items } = await api.request('item.fetch', { folderId: ALL_CONTENT, page: 1, search: title, product: 'all' });
    const item = items.find((entry) => entry.title === title);
    if (!item) throw new Error(`${email} sees no item "${title}"`);
    return await use(api, item.id);
  } finally {
    api.close();
  }
}

/** The id of a live item `title` that `email` can see, looked up through the socket API (signed in over HTTP). */
export function itemIdOf(_browser: Browser, baseURL: string, email: string, title: string): Promise<string> {
  return withItemOf(baseURL, email, title, async (_api, id) => id);
}

/**
 * A copy of the live item `title` (its ready versions, in its folder) made by `email` under `copyTitle` through the
 * socket API, signed in over HTTP: an item of the test's own, ready to open, without an upload. Resolves its id.
 */
export function duplicateItemAs(baseURL: string, email: string, title: string, copyTitle: string): Promise<string> {
  return withItemOf(baseURL, email, title, async (api, id) => (await api.request('item.duplicate', { id, title: copyTitle })).item.id);
}

/** A fresh browser context for `email`, signed in (as after the login page), on `path` (the grid when empty). */
export async function signedInPage(browser: Browser, baseURL: string, email: string, path: string): Promise<Page> {
  const context = await signedInContext(browser, baseURL, email);
  const page = await context.newPage();
  await page.goto(path || '/review');
  if (!path) await expect(page.getByRole('tree', { name: 'Folders' }).or(page.getByRole('button', { name: 'Folders', exact: true })).first()).toBeVisible();
  return page;
}

// ---------------------------------------------------------------------------------------------------------
// The translate tab (issues 8 and 9): the seeded Storyline stack's item ids, a validator's page without the
// first-visit extras (walkthrough, course-updates popover), and the segment table.

/** The Storyline stack's owner, who looks up its item ids. */
const STACK_OWNER = 'alex.admin@example.com';

/** The access token the signed-in page holds. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : '';
  });
  if (!token) throw new Error('tokenOf: the page is not signed in');
  return token;
}

/** Item ids of a seeded translation stack's languages by title, looked up as its owner (signed in over HTTP). */
export async function stackItemIds(_browser: Browser, baseURL: string, stackTitle: string): Promise<Map<string, string>> {
  const api = await contentApiAs(baseURL, STACK_OWNER);
  try {
    const headers = { Authorization: `Bearer ${api.token}` };
    const origin = new URL(baseURL).origin;
    const { items } = await api.request('item.fetch', { folderId: ALL_CONTENT, page: 1, search: stackTitle, product: 'all' });
    const stack = items.find((entry) => entry.isStack && entry.title === stackTitle);
    if (!stack) throw new Error(`stackItemIds: no stack "${stackTitle}"`);
    const { itemIds } = (await (await fetch(`${origin}/api/item-stacks/${stack.id}`, { headers })).json()) as { itemIds: string[] };
    const { entries } = (await (await fetch(`${origin}/api/translations/stack/${itemIds[0]}`, { headers })).json()) as { entries: { itemId: string; title: string }[] };
    return new Map(entries.map((entry) => [entry.title, entry.itemId]));
  } finally {
    api.close();
  }
}

/** The translate tab of an item. */
export function translatePath(itemId: string, query = ''): string {
  return `/review/content/${itemId}/translate${query}`;
}

/**
 * Marks the first-visit extras of the translate tab as seen before any page script runs: the feature walkthrough
 * (shown to non-owners) and the course-updates popover (translation-editor §2), which would otherwise cover the
 * table. The keys are plain localStorage keys (adapters/storage.ts).
 */
export async function skipTranslationIntro(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ([walkthroughKey, popoverKey]) => {
      // The script runs in every frame; the player's sandboxed frame has no storage (and needs none).
      if (window.top !== window) return;
      const at = new Date().toISOString();
      window.localStorage.setItem(walkthroughKey, at);
      window.localStorage.setItem(popoverKey, at);
    },
    [WALKTHROUGH_DONE_STORAGE_KEY, UPDATES_POPOVER_DISMISSED_STORAGE_KEY] as const,
  );
}

const translatorPageErrors = new WeakMap<Page, string[]>();

/**
 * A signed-in page on `path` (a translate tab) without the walkthrough and the course-updates popover, whose
 * uncaught script errors are recorded (see {@link expectNoPageErrors}).
 */
export async function translatorPage(browser: Browser, baseURL: string, email: string, path?: string): Promise<Page> {
  const context = await signedInContext(browser, baseURL, email);
  await skipTranslationIntro(context);
  const page = await context.newPage();
  const errors: string[] = [];
  translatorPageErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  await page.goto(path || '/review');
  if (!path) await expect(page.getByRole('tree', { name: 'Folders' }).or(page.getByRole('button', { name: 'Folders', exact: true })).first()).toBeVisible();
  return page;
}

/** No uncaught script error happened on a {@link translatorPage} (a crashed view would otherwise only show as a missing element). */
export function expectNoPageErrors(page: Page): void {
  expect(translatorPageErrors.get(page) ?? []).toEqual([]);
}

/** The segment table, once the translation is loaded. */
export async function segmentTable(page: Page): Promise<Locator> {
  const table = page.getByRole('table', { name: 'Segments' });
  await expect(table).toBeVisible();
  return table;
}

/** Goes to a slide through the "Slide progress" flyout (the table scrolls to it). */
export async function goToSlide(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: /^Slide progress/ }).click();
  const flyout = page.getByRole('dialog', { name: 'Slide progress' });
  await flyout.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  await expect(flyout).toBeHidden();
  await expect(page.getByRole('table', { name: 'Segments' }).getByRole('button', { name: new RegExp(`^${title}`) })).toBeVisible();
}

/** The caret to the end of the editor's text (Home / End keys go by visual line; Ctrl+End is not reliable here). */
export async function caretToEnd(page: Page): Promise<void> {
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
}

/** The table rows holding a piece of text (the table is virtualized: only rows near the view exist). */
export function segmentRow(page: Page, text: string): Locator {
  return page.getByRole('table', { name: 'Segments' }).getByRole('row').filter({ hasText: text });
}

/** Clicks the target of `row` (a {@link segmentRow}) to edit it; resolves the editor's text box. */
export async function startEditRow(page: Page, row: Locator): Promise<Locator> {
  await row.getByTitle('Edit translation').click();
  const editor = page.getByRole('textbox', { name: /^Translation of/ });
  try {
    await expect(editor).toBeFocused();
  } catch (error) {
    // Name a crashed view's script error rather than only the missing editor.
    expectNoPageErrors(page);
    throw error;
  }
  return editor;
}

/** Dismisses the feedback survey (translation-editor §6: it appears once the user has saved an edit). */
export async function dismissFeedbackSurvey(page: Page): Promise<void> {
  await dismissSurvey(page, 'How is validating translations going?');
}

/** Dismisses a survey card of the translate tab (for this session), by its title. */
export async function dismissSurvey(page: Page, title: string): Promise<void> {
  const survey = page.getByRole('region', { name: title });
  await survey.getByRole('button', { name: 'Dismiss survey' }).click();
  await expect(survey).toBeHidden();
}

// ---------------------------------------------------------------------------------------------------------
// Accessibility: axe-core injected by hand (@axe-core/playwright needs Node 22), WCAG 2.2 A/AA rules.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A violation as the test reports it: rule, impact, and the first few offending elements. */
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core on the page as it is now (open dialogs included; player frames, which hold someone's course, left out)
 * with the WCAG 2.0/2.1/2.2 A and AA rules, and fails the test (at its end) with every violation listed.
 */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  // A dialog still fading in is checked as its colours are once shown, not half-transparent: finite animations end first.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string }[] }[] }> } }).axe;
    const result = await axe.run({ exclude: [['iframe[title$="(player)"]']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 160)}`) }));
  });
  // Soft: the test goes on to its other screens, and fails at its end with every screen's violations listed.
  expect.soft(violations as AxeViolation[], `axe-core violations on ${what}`).toEqual([]);
}
