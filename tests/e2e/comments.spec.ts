import { Buffer } from 'node:buffer';
import type { Browser, Locator, Page } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import type { CommentAck, CommentAckData, CommentPayload, CommentRecord, CommentRequestName } from '../../domain/comments.ts';
import type { ItemDetail } from '../../domain/items.ts';
import { rawFromPlainText, unsafeMarkupIn, unsafeMarkupMessage, type RawContent } from '../../domain/richText.ts';
import { buildStoryFixture } from '../../server/uploads/fixtures.ts';
import { dropFiles, duplicateItemAs, expect, itemCard, itemIdOf, openGridAs, requestAs, signedInPage, signInContextOf, test, treeFolder, uniqueName, type TestFile } from './fixtures.ts';

/**
 * Comments end to end (issue 6): live collaboration between an owner, a signed-in reviewer and a guest; the
 * comment editor in the browser; the old-version refusal; an XSS probe set refused by the client and the server.
 * Every test creates its own item or writes unique text, so tests of one worker never see each other's changes.
 */

const ALEX = 'alex.admin@example.com';
const TARA = 'tara.team@example.com';
const SAM = 'sam.staff@example.com';

function storyFile(title: string, slides: number, name = `${title}.zip`): TestFile {
  const bytes = buildStoryFixture({ title, slides: Array.from({ length: slides }, (_, index) => ({ id: `s${index + 1}`, title: `Slide ${index + 1}`, sceneIndex: 0 })) });
  return { name, mimeType: 'application/zip', buffer: Buffer.from(bytes) };
}


/** The access token the signed-in page holds. */
async function bearerOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : '';
  });
  if (!token) throw new Error('bearerOf: the page is not signed in');
  return token;
}

/** `email` uploads a fresh two-slide story to Team Library and opens it; resolves its review path. */
async function ownFreshItem(page: Page, email: string, prefix: string): Promise<{ title: string; path: string; id: string }> {
  await openGridAs(page, email);
  await treeFolder(page, 'Team Library').click();
  const title = uniqueName(prefix);
  await dropFiles(page.getByRole('list', { name: 'Items' }), [storyFile(title, 2)]);
  const card = itemCard(page, title);
  await expect(card).toBeVisible();
  await expect(card.getByText(/^(Uploading|Processing|Failed)/)).toHaveCount(0);
  await card.getByRole('link', { name: title }).click();
  await expect(page.frameLocator(`iframe[title="${title} (player)"]`).getByText('Player ready: 2 slides')).toBeVisible();
  const path = new URL(page.url()).pathname;
  const id = /\/review\/content\/([^/]+)\//.exec(path)![1]!;
  return { title, path, id };
}

/**
 * `email`'s own copy of the seeded story "Style guide" in Team Library (made through the API, for tests whose subject
 * is not the upload), opened on `page`; resolves its review path.
 */
async function copiedItem(page: Page, baseURL: string, email: string, prefix: string): Promise<{ title: string; path: string; id: string }> {
  const title = uniqueName(prefix);
  const id = await duplicateItemAs(baseURL, email, 'Style guide', title);
  const path = `/review/content/${id}/review`;
  await signInContextOf(page, email);
  await page.goto(path);
  await expect(page.frameLocator(`iframe[title="${title} (player)"]`).getByText(/^Player ready/)).toBeVisible();
  return { title, path, id };
}

/** The new-comment box of the side panel. */
function commentBox(page: Page): Locator {
  return page.getByRole('group', { name: 'New comment' }).getByRole('textbox', { name: 'Comment' });
}

/** The thread whose text contains `text`. */
function thread(page: Page, text: string): Locator {
  return page.getByRole('feed', { name: 'Comment threads' }).getByRole('article').filter({ hasText: text });
}

/** Types `text` in the new-comment box and presses Enter. */
async function postComment(page: Page, text: string): Promise<void> {
  await commentBox(page).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** A guest reviewer's context: the e-mail step on the item's address while signed out. */
async function anonymousPage(browser: Browser, baseURL: string, email: string, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(path);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  return page;
}

test('owner, reviewer and guest comment, mention, attach, resolve and read live', async ({ page, browser, baseURL }) => {
  const owner = page;
  const item = await copiedItem(owner, baseURL!, ALEX, 'Live comments');
  const bearer = await bearerOf(owner);
  const made = await owner.request.put(`/api/items/${item.id}/share-settings/public`, { headers: { Authorization: `Bearer ${bearer}` }, data: { allowAnonComments: true, password: null } });
  expect(made.status()).toBe(200);

  const reviewer = await signedInPage(browser, baseURL!, TARA, item.path);
  const guestEmail = `guest-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const guest = await anonymousPage(browser, baseURL!, guestEmail, item.path);
  const dialogs: string[] = [];
  for (const viewer of [owner, reviewer, guest]) failOnDialog(viewer, dialogs);
  try {
    await expect(commentBox(reviewer)).toBeVisible();
    await expect(commentBox(guest)).toBeVisible();

    // The owner posts: it appears for the reviewer and the guest.
    const first = uniqueName('Please check the intro');
    await postComment(owner, first);
    await expect(thread(owner, first)).toBeVisible();
    await expect(commentBox(owner)).toHaveText('');
    for (const other of [reviewer, guest]) await expect(thread(other, first)).toBeVisible();

    // The reviewer replies mentioning the owner.
    await thread(reviewer, first).getByRole('button', { name: 'Reply' }).click();
    const replyBox = thread(reviewer, first).getByRole('textbox', { name: 'Reply' });
    await expect(replyBox).toBeFocused();
    await reviewer.keyboard.type('Agreed, ');
    await reviewer.keyboard.type('@ale');
    const suggestions = reviewer.getByRole('listbox', { name: 'People you can mention' });
    await suggestions.getByRole('option', { name: /Alex/ }).click();
    const replyText = uniqueName('see slide two');
    await reviewer.keyboard.type(` ${replyText}`);
    await reviewer.keyboard.press('Enter');
    for (const other of [owner, reviewer, guest]) {
      const reply = thread(other, first).getByRole('listitem').filter({ hasText: replyText });
      await expect(reply).toBeVisible();
      await expect(reply).toContainText('Agreed, @Alex');
    }
    // Saved, the reply box closes and Reply is offered again.
    await expect(replyBox).toHaveCount(0);
    await expect(thread(reviewer, first).getByRole('button', { name: 'Reply' })).toBeVisible();

    // The mentioned owner has an outbox entry (read as staff).
    await expect
      .poll(async () => {
        const response = await requestAs(baseURL!, SAM, 'GET', `/api/sandbox/outbox?itemId=${item.id}`);
        const { entries } = (await response.json()) as { entries: { recipientEmail: string; kind: string; excerpt: string }[] };
        return entries.filter((entry) => entry.recipientEmail === ALEX && entry.excerpt.includes(replyText)).map((entry) => entry.kind);
      })
      .toContain('mention');

    // The reviewer attaches a small file to a new comment: the chip goes to uploaded, the others get the link.
    const withFile = uniqueName('Notes attached');
    await commentBox(reviewer).click();
    await reviewer.keyboard.type(withFile);
    await reviewer.getByRole('group', { name: 'New comment' }).locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('review notes') });
    const chip = reviewer.getByRole('group', { name: 'New comment' }).getByRole('list', { name: 'Attachments' }).getByRole('listitem').filter({ hasText: 'notes.txt' });
    await expect(chip).toHaveClass(/is-uploaded/);
    await expect(chip).toContainText('12 bytes');
    await expect(chip).not.toContainText(/Uploading|couldn’t be uploaded/);
    await reviewer.getByRole('group', { name: 'New comment' }).getByRole('button', { name: 'Post' }).click();
    for (const other of [owner, guest]) {
      const link = thread(other, withFile).getByRole('list', { name: 'Attachments' }).getByRole('link', { name: 'notes.txt' });
      await expect(link).toBeVisible();
      expect(await link.getAttribute('href')).toMatch(/^(https?:|\/)/);
    }

    // The owner resolves the first thread: live resolved for the others, who can no longer reply; Reopen shows.
    for (const other of [reviewer, guest]) await other.getByRole('checkbox', { name: 'Show resolved' }).check();
    await thread(owner, first).getByRole('button', { name: 'Comment actions' }).first().click();
    await owner.getByRole('menuitem', { name: 'Resolve' }).click();
    for (const other of [reviewer, guest]) {
      const resolved = thread(other, first);
      await expect(resolved.getByText('Resolved').first()).toBeVisible();
      await expect(resolved.getByRole('button', { name: 'Reopen' })).toBeVisible();
      await expect(resolved.getByRole('button', { name: 'Reply' })).toHaveAttribute('aria-disabled', 'true');
    }
    // The guest reopens it: live for the others.
    await thread(guest, first).getByRole('button', { name: 'Reopen' }).click();
    for (const other of [owner, reviewer, guest]) {
      await expect(thread(other, first).getByRole('button', { name: 'Reopen' })).toHaveCount(0);
      await expect(thread(other, first).getByRole('button', { name: 'Reply' })).not.toHaveAttribute('aria-disabled', 'true');
    }

    // The guest comments too; the owner's Feedback tab counts what they have not read.
    const fromGuest = uniqueName('Guest says hello');
    await postComment(guest, fromGuest);
    for (const other of [owner, reviewer]) await expect(thread(other, fromGuest)).toContainText(guestEmail);
    const feedbackTab = owner.getByRole('navigation', { name: 'Item views' }).getByRole('link', { name: /^Feedback/ });
    await expect(feedbackTab).toContainText('2 unread comments');
    // Clicking a thread reads it; Mark all as read clears the rest.
    await thread(owner, fromGuest).getByText(fromGuest).click();
    await expect(feedbackTab).toContainText('1 unread comment');
    await owner.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(feedbackTab).not.toContainText('unread');
    await expect(feedbackTab).toHaveAccessibleName('Feedback');

    // The reviewer edits her comment, then deletes it: live for the others.
    await thread(reviewer, withFile).getByRole('button', { name: 'Comment actions' }).click();
    await reviewer.getByRole('menuitem', { name: 'Edit' }).click();
    const editBox = thread(reviewer, withFile).getByRole('textbox', { name: 'Edit comment' });
    await expect(editBox).toBeFocused();
    await reviewer.keyboard.press('ControlOrMeta+a');
    const edited = uniqueName('Notes corrected');
    await reviewer.keyboard.type(edited);
    await reviewer.keyboard.press('Enter');
    await expect(editBox).toHaveCount(0);
    for (const other of [owner, reviewer, guest]) await expect(thread(other, edited).getByRole('link', { name: 'notes.txt' })).toBeVisible();
    await expect(thread(owner, withFile)).toHaveCount(0);

    await thread(reviewer, edited).getByRole('button', { name: 'Comment actions' }).click();
    await reviewer.getByRole('menuitem', { name: 'Delete' }).click();
    await reviewer.getByRole('dialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Delete' }).click();
    for (const other of [owner, reviewer, guest]) await expect(thread(other, edited)).toHaveCount(0);
    // Nobody else may edit or delete the owner's comment.
    await thread(reviewer, first).getByRole('button', { name: 'Comment actions' }).first().click();
    await expect(reviewer.getByRole('menuitem', { name: 'Resolve' })).toBeVisible();
    await expect(reviewer.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
    await reviewer.keyboard.press('Escape');

    // A guest's probe is refused like anyone's; no script ran anywhere.
    await postComment(guest, XSS_PROBES[2]!);
    await expect(guest.getByRole('group', { name: 'New comment' }).getByRole('alert')).toHaveText(unsafeMarkupMessage('comment', 'an event-handler attribute'));
    for (const viewer of [owner, reviewer, guest]) expect(await viewer.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  } finally {
    await reviewer.context().close();
    await guest.context().close();
  }
});

/** Signs `email` in on `page` and opens the item `title` (at `query`): the item view is the one page load. */
async function openItemAs(page: Page, email: string, title: string, query = ''): Promise<string> {
  await signInContextOf(page, email);
  const id = await itemIdOf(page.context().browser()!, page.url(), email, title);
  await page.goto(`/review/content/${id}/review${query}`);
  return id;
}

test('the comment editor: Enter posts, Shift+Enter breaks lines, blanks and overflow are refused, at most five files', async ({ page, baseURL }) => {
  // Its own copy of Style guide: the threads it counts are its own, whatever other tests post on or delete from the seeded item meanwhile.
  await copiedItem(page, baseURL!, ALEX, 'Editor rules');
  const box = commentBox(page);
  const composer = page.getByRole('group', { name: 'New comment' });
  await expect(box).toBeVisible();

  // Shift+Enter makes a second line; Enter posts both.
  const [one, two] = [uniqueName('First line'), uniqueName('Second line')];
  await box.click();
  await page.keyboard.type(one);
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type(two);
  await expect(box.locator('p')).toHaveCount(2);
  await page.keyboard.press('Enter');
  const posted = thread(page, one);
  await expect(posted.getByRole('paragraph').filter({ hasText: one })).toBeVisible();
  await expect(posted.getByRole('paragraph').filter({ hasText: two })).toBeVisible();
  await expect(posted.getByRole('paragraph').filter({ hasText: one })).not.toContainText(two);
  await expect(box).toHaveText('');

  // Whitespace only cannot be posted: Post stays disabled and Enter sends nothing.
  const threads = page.getByRole('feed', { name: 'Comment threads' }).getByRole('article');
  await expect(threads).toHaveCount(1);
  await box.click();
  await page.keyboard.type('   ');
  await expect(composer.getByRole('button', { name: 'Post' })).toBeDisabled();
  await page.keyboard.press('Enter');
  await expect(composer.getByRole('alert')).toContainText('Write a comment first.');
  await expect(threads).toHaveCount(1);
  await composer.getByRole('button', { name: 'Cancel' }).click();

  // Typing beyond 1,500 characters is ignored; the counter says so.
  await box.click();
  await page.keyboard.insertText('x'.repeat(1497));
  await page.keyboard.type('abcdef');
  await expect(composer.getByLabel('1500 of 1500 characters used')).toHaveText('1500/1500');
  expect(((await box.textContent()) ?? '').length).toBe(1500);
  await expect(box).toContainText('xabc');
  await expect(box).not.toContainText('abcd');
  await composer.getByRole('button', { name: 'Cancel' }).click();
  await expect(box).toHaveText('');

  // Six files at once: five are attached, the sixth refused with 'maximum attachments'.
  const files = Array.from({ length: 6 }, (_, i) => ({ name: `file-${i + 1}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`file ${i + 1}`) }));
  await composer.locator('input[type="file"]').setInputFiles(files);
  await expect(composer.getByRole('alert')).toContainText('You can attach a maximum of 5 files to a comment.');
  const chips = composer.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
  await expect(chips).toHaveCount(5);
  await expect(chips.filter({ hasText: 'file-6.txt' })).toHaveCount(0);
  // One more later is refused too.
  await composer.locator('input[type="file"]').setInputFiles([{ name: 'late.txt', mimeType: 'text/plain', buffer: Buffer.from('late') }]);
  await expect(composer.getByRole('alert')).toContainText('You can attach a maximum of 5 files to a comment.');
  await expect(chips).toHaveCount(5);
  await composer.getByRole('button', { name: 'Cancel' }).click();
  await expect(chips).toHaveCount(0);
});

/** 'Upload new version' from the item's card menu in the grid shown on `page`, waiting for the upload to finish. */
async function uploadNewVersion(page: Page, title: string, file: TestFile): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await itemCard(page, title).getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Upload new version' }).click();
  await (await chooser).setFiles([file]);
  await expect(page.getByText(`Upload complete: ${file.name}`)).toBeVisible();
}

test('a comment on a version that became old is refused with the old-version dialog and the draft is kept', async ({ page, browser, baseURL }) => {
  // The race the dialog is for: a newer version is added while the writer does not know yet (its pushes held back).
  await page.routeWebSocket(/socket\.io/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (typeof message === 'string' && /item\.version(Created|Updated)/.test(message)) return;
      ws.send(message);
    });
    ws.onMessage((message) => server.send(message));
  });
  const item = await ownFreshItem(page, ALEX, 'Old version race');
  const draft = uniqueName('Written on version one');
  await commentBox(page).click();
  await page.keyboard.type(draft);

  const tara = await signedInPage(browser, baseURL!, TARA, '/review');
  try {
    await treeFolder(tara, 'Team Library').click();
    await uploadNewVersion(tara, item.title, storyFile(item.title, 3, `${item.title} v2.zip`));
  } finally {
    await tara.context().close();
  }

  await commentBox(page).click();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'This version is out of date' });
  await expect(dialog).toContainText('your comment wasn’t added');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(thread(page, draft)).toHaveCount(0);
  // Flagged out of date; on the newest version the draft is still in the box.
  await expect(page.getByRole('group', { name: 'New comment' })).toContainText('A newer version of this item is available.');
  await expect(page.getByText(/^While adding comment:/)).toBeVisible();
  await page.getByRole('button', { name: 'Version 1, choose another version' }).click();
  await page.getByRole('dialog', { name: 'Versions' }).getByRole('link', { name: /^Version 2/ }).click();
  await expect(page.getByRole('button', { name: 'Version 2, choose another version' })).toBeVisible();
  await expect(commentBox(page)).toHaveText(draft);
  await commentBox(page).click();
  await page.keyboard.press('Enter');
  await expect(thread(page, draft)).toBeVisible();
});

/** A socket on the page's /user/<aid> namespace sending comment requests straight to the server (no client checks). */
async function commentSocket(page: Page): Promise<{ send<K extends CommentRequestName>(event: K, payload: CommentPayload<K>): Promise<CommentAck<CommentAckData<K>>>; getItem(id: string): Promise<ItemDetail>; close(): void }> {
  const token = await bearerOf(page);
  const me = await page.request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } });
  const { aid } = (await me.json()) as { aid: string };
  const socket: Socket = io(`${new URL(page.url()).origin}/user/${aid}`, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error: Error) => reject(error));
  });
  const emit = <T>(event: string, payload: unknown) => socket.timeout(10_000).emitWithAck(event, payload) as Promise<CommentAck<T>>;
  return {
    send: (event, payload) => emit(event, payload),
    getItem: async (id) => {
      const ack = await emit<{ item: ItemDetail }>('item.get', { id, pass: null, protectedLinksFlagEnabled: true });
      if (!ack.success) throw new Error(`item.get refused: ${ack.reason}`);
      return ack.data.item;
    },
    close: () => {
      socket.disconnect();
    },
  };
}

const XSS_PROBES = ['<script>window.__xss=1</script>', '<img src=x onerror="window.__xss=1">', '<svg onload="window.__xss=1">', 'javascript:window.__xss=1'];
/** Attachment names carrying the probes (a file name cannot hold '/'). */
const XSS_FILE_NAMES = ['<img src=x onerror=window.__xss=1>.txt', '<svg onload=window.__xss=1>.txt', 'javascript:window.__xss=1.txt'];

/** Fails the test on any dialog the page opens (alert, confirm, prompt). */
function failOnDialog(page: Page, dialogs: string[]): void {
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

/** Whether anything stored for the item carries a probe (text, mention names, attachment titles). */
function storedProbes(comments: readonly CommentRecord[]): string[] {
  return comments.flatMap((comment) => {
    const texts = [comment.body, ...comment.content.blocks.map((b) => b.text), ...Object.values(comment.content.entityMap).map((e) => e.data.name), ...comment.attachments.map((a) => a.title)];
    return texts.filter((text) => /__xss/.test(text));
  });
}

test('script in comments, replies, mention names and attachment names is refused by the client and the server, and never runs', async ({ page, browser, baseURL }) => {
  const dialogs: string[] = [];
  failOnDialog(page, dialogs);
  const itemId = await openItemAs(page, ALEX, 'Style guide');
  const composer = page.getByRole('group', { name: 'New comment' });
  await expect(commentBox(page)).toBeVisible();

  // The client refuses each probe in a new comment, with the spec's message, and sends nothing.
  for (const probe of XSS_PROBES) {
    await commentBox(page).click();
    await page.keyboard.type(`Look: ${probe}`);
    await page.keyboard.press('Enter');
    await expect(composer.getByRole('alert')).toHaveText(unsafeMarkupMessage('comment', unsafeMarkupIn(probe)!));
    await composer.getByRole('button', { name: 'Cancel' }).click();
  }
  // … in a reply …
  const seeded = page.getByRole('feed', { name: 'Comment threads' }).getByRole('article').filter({ hasText: 'Typography scale proposal' });
  await seeded.getByRole('button', { name: 'Reply' }).click();
  const replyBox = seeded.getByRole('textbox', { name: 'Reply' });
  await expect(replyBox).toBeFocused();
  await page.keyboard.type(XSS_PROBES[1]!);
  await page.keyboard.press('Enter');
  await expect(seeded.getByRole('alert')).toHaveText(unsafeMarkupMessage('comment', 'an event-handler attribute'));
  await seeded.getByRole('button', { name: 'Cancel' }).click();
  // … and in attachment names.
  for (const name of XSS_FILE_NAMES) {
    await composer.locator('input[type="file"]').setInputFiles([{ name, mimeType: 'text/plain', buffer: Buffer.from('probe') }]);
    await expect(composer.getByRole('alert')).toHaveText(unsafeMarkupMessage('attachment', unsafeMarkupIn(name)!));
    await expect(composer.getByRole('list', { name: 'Attachments' })).toHaveCount(0);
  }

  // The server refuses the same, sent straight over a socket.
  const api = await commentSocket(page);
  try {
    const item = await api.getItem(itemId);
    const versionId = item.versions.at(-1)!.id;
    const found = await api.send('comment.find', { itemId, pass: null });
    if (!found.success) throw new Error(found.reason);
    const parent = found.data.comments.find((c) => c.replyTo === null && !c.isResolved && !c.locked)!;
    const draft = { itemId, pass: null, versionId, currentTime: null, slideId: 'slide-1', attachments: [], withSnapshot: false };
    for (const probe of XSS_PROBES) {
      const inserted = await api.send('comment.insert', { ...draft, content: rawFromPlainText(`Look: ${probe}`) });
      expect(inserted).toMatchObject({ success: false, reason: 'unsafeContent' });
      const replied = await api.send('comment.reply', { ...draft, replyTo: parent.id, content: rawFromPlainText(probe) });
      expect(replied).toMatchObject({ success: false, reason: 'unsafeContent' });
      const mention: RawContent = {
        blocks: [{ key: 'b0', text: '@Tara Team hello', type: 'unstyled', entityRanges: [{ offset: 0, length: 10, key: 0 }] }],
        entityMap: { '0': { type: 'mention', mutability: 'IMMUTABLE', data: { userId: parent.userId ?? 'x', email: TARA, name: probe } } },
      };
      const mentioned = await api.send('comment.insert', { ...draft, content: mention });
      expect(mentioned).toMatchObject({ success: false, reason: 'unsafeContent' });
    }
    for (const fileName of [...XSS_FILE_NAMES, '<script>window.__xss=1</script>.txt']) {
      const presigned = await api.send('comment.attachmentPresign', { itemId, pass: null, fileName, size: 5, md5: '0'.repeat(32), contentType: 'text/plain' });
      expect(presigned.success).toBe(false);
    }
    // Nothing of it was stored.
    const after = await api.send('comment.find', { itemId, pass: null });
    if (!after.success) throw new Error(after.reason);
    expect(storedProbes(after.data.comments)).toEqual([]);
    expect(after.data.comments.length).toBe(found.data.comments.length);
  } finally {
    api.close();
  }

  // Harmless text with angle brackets shows literally, in every context, with every comment rendered.
  const literal = uniqueName('Is a < b && c > d? <b>not bold</b>');
  await postComment(page, literal);
  const reviewer = await signedInPage(browser, baseURL!, TARA, `/review/content/${itemId}/review`);
  failOnDialog(reviewer, dialogs);
  try {
    for (const viewer of [page, reviewer]) {
      const shown = thread(viewer, literal);
      const body = shown.getByRole('paragraph').filter({ hasText: literal });
      await expect(body).toHaveText(literal);
      // Text only: no element was made from it.
      await expect(body.locator('*')).toHaveCount(0);
      await viewer.getByRole('checkbox', { name: 'Show resolved' }).check();
      await expect(viewer.getByRole('feed', { name: 'Comment threads' }).getByText('Locked', { exact: true })).toBeVisible();
      expect(await viewer.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    }
    await page.getByRole('navigation', { name: 'Item views' }).getByRole('link', { name: /^Feedback/ }).click();
    await expect(page.getByRole('heading', { name: 'Feedback' })).toBeVisible();
    await expect(page.getByText(literal)).toBeVisible();
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  } finally {
    await reviewer.context().close();
  }
});
