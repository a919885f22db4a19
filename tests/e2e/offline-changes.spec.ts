import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, openGridAs, test, tokenOf, treeFolder, uniqueName } from './fixtures.ts';

/**
 * Folder changes made while the review service cannot be reached, or whose answer is lost on the way back
 * (review-and-content §4 optimistic changes): they show at once, marked as pending, and once the connection is back the
 * client asks the service with the change's id, so the change is done exactly once and no false failure is shown. On a
 * server of its own: reconnect attempts 100–300 ms apart and many of them, so the client keeps trying while the
 * service refuses connections.
 */
test.use({
  serverEnv: {
    REALTIME_RECONNECT_DELAY_MS: '100',
    REALTIME_RECONNECT_DELAY_MAX_MS: '300',
    REALTIME_RECONNECT_ATTEMPTS: '1000',
  },
});
// The file's tests run in order in one worker, so its own server starts once.
test.describe.configure({ mode: 'default' });

const SAM = 'sam.staff@example.com';

const actionBar = (page: Page) => page.getByRole('group', { name: 'Folder actions' });
const subfolders = (page: Page) => page.getByRole('region', { name: 'Folders' });
const subfolderTile = (page: Page, name: string) => subfolders(page).getByRole('link', { name, exact: true });
const errorDialog = (page: Page) => page.getByRole('dialog', { name: 'That didn’t work' });

/** The staff test hook (server/README.md "Sockets"): drop every socket, and refuse new ones for `seconds` (0 ends it). */
async function cutConnections(page: Page, seconds: number) {
  const response = await page.request.post('/api/admin/realtime/disconnect', { headers: { Authorization: `Bearer ${await tokenOf(page)}` }, data: { refuse: true, seconds } });
  expect(response.status()).toBe(200);
}

async function createFolder(page: Page, name: string) {
  await actionBar(page).getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create folder' }).click();
  await expect(dialog).toBeHidden();
}

test('a folder created while the service is unreachable shows at once as waiting, and exactly one is made when it returns', async ({ page }) => {
  await openGridAs(page, SAM, '/review/folder/PRIVATE_CONTENT');
  await cutConnections(page, 600);
  await expect(page.getByText('Reconnecting to live updates…')).toBeVisible();

  const name = uniqueName('Made offline');
  await createFolder(page, name);
  // Shown at once in the tree and the folder grid, each marked as waiting for the connection, and said once on the page.
  await expect(subfolderTile(page, name)).toHaveAccessibleDescription('Waiting for connection');
  await expect(subfolderTile(page, name)).toContainText('Waiting for connection');
  await expect(treeFolder(page, name)).toHaveAccessibleDescription('Waiting for connection');
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for connection. Your changes are kept here' })).toBeVisible();
  await expectNoAxeViolations(page, 'the grid with a folder waiting for the connection');
  await page.screenshot({ path: test.info().outputPath('pending-folder.png') });

  // The service is back: the client reconnects and the folder is confirmed — no error dialog, no second folder.
  await cutConnections(page, 0);
  await expect(page.getByText('Reconnecting to live updates…')).toBeHidden();
  await expect(subfolderTile(page, name)).not.toHaveAccessibleDescription(/./);
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for connection' })).toHaveCount(0);
  await expect(subfolderTile(page, name)).toHaveCount(1);
  await expect(treeFolder(page, name)).toHaveCount(1);
  await expect(errorDialog(page)).toHaveCount(0);

  // What the service holds: exactly one folder of that name.
  await page.reload();
  await expect(treeFolder(page, name)).toHaveCount(1);
  await expect(subfolderTile(page, name)).toHaveCount(1);
});

test('a folder whose answer is lost with the connection is confirmed after the reconnect: no error dialog, no duplicate', async ({ page }) => {
  // The service makes the folder, and the connection drops before its answer reaches the page.
  let dropped = false;
  await page.routeWebSocket(/socket\.io/, (ws) => {
    const server = ws.connectToServer();
    const insertAcks = new Set<string>();
    ws.onMessage((message) => {
      const insert = typeof message === 'string' && !dropped ? /^42(\/user\/[^,]*),(\d+)\["folder\.insert"/.exec(message) : null;
      if (insert) insertAcks.add(`43${insert[1]},${insert[2]}[`);
      server.send(message);
    });
    server.onMessage((message) => {
      if (typeof message === 'string' && [...insertAcks].some((prefix) => message.startsWith(prefix))) {
        dropped = true;
        void ws.close({ code: 4000, reason: 'connection lost' });
        return;
      }
      ws.send(message);
    });
  });
  await openGridAs(page, SAM, '/review/folder/PRIVATE_CONTENT');

  const name = uniqueName('Answer lost');
  await createFolder(page, name);
  // Pending until the service confirms it (the change asked again with its id once reconnected), then plain.
  await expect(subfolderTile(page, name)).toHaveAccessibleDescription(/Saving…|Waiting for connection/);
  await expect.poll(() => dropped).toBe(true);
  await expect(subfolderTile(page, name)).not.toHaveAccessibleDescription(/./);
  await expect(subfolderTile(page, name)).toHaveCount(1);
  await expect(treeFolder(page, name)).toHaveCount(1);
  await expect(errorDialog(page)).toHaveCount(0);

  await page.reload();
  await expect(treeFolder(page, name)).toHaveCount(1);
  await expect(subfolderTile(page, name)).toHaveCount(1);
});

test('a rename and a trash made offline wait, then both are done once when the service returns', async ({ page }) => {
  await openGridAs(page, SAM, '/review/folder/PRIVATE_CONTENT');
  const kept = uniqueName('Kept');
  const retired = uniqueName('Retired');
  await createFolder(page, kept);
  await createFolder(page, retired);
  await expect(subfolderTile(page, retired)).not.toHaveAccessibleDescription(/./);
  await cutConnections(page, 600);
  await expect(page.getByText('Reconnecting to live updates…')).toBeVisible();

  // Rename one from its tile's menu: shown at once under the new name, waiting.
  const renamed = uniqueName('Renamed offline');
  await subfolders(page).getByRole('button', { name: `Actions for ${kept}` }).click();
  await page.getByRole('menu', { name: `Actions for ${kept}` }).getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename folder' });
  await rename.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(subfolderTile(page, renamed)).toHaveAccessibleDescription('Waiting for connection');

  // Trash the other: it leaves the grid at once and waits in the trash.
  await subfolders(page).getByRole('button', { name: `Actions for ${retired}` }).click();
  await page.getByRole('menu', { name: `Actions for ${retired}` }).getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Move to trash?' }).getByRole('button', { name: 'Move to trash' }).click();
  await expect(subfolderTile(page, retired)).toHaveCount(0);
  const trash = page.getByRole('tree', { name: 'Folders' }).getByRole('group', { name: 'Trash' });
  await expect(trash.getByRole('treeitem', { name: retired, exact: true })).toHaveAccessibleDescription('Waiting for connection');
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for connection. Your changes are kept here' })).toBeVisible();

  await cutConnections(page, 0);
  await expect(subfolderTile(page, renamed)).not.toHaveAccessibleDescription(/./);
  await expect(trash.getByRole('treeitem', { name: retired, exact: true })).not.toHaveAccessibleDescription(/./);
  await expect(page.getByText(`“${retired}” moved to the trash.`)).toBeVisible();
  await expect(errorDialog(page)).toHaveCount(0);

  await page.reload();
  await expect(subfolderTile(page, renamed)).toHaveCount(1);
  await expect(subfolderTile(page, kept)).toHaveCount(0);
  await expect(subfolderTile(page, retired)).toHaveCount(0);
  await expect(page.getByRole('tree', { name: 'Folders' }).getByRole('group', { name: 'Trash' }).getByRole('treeitem', { name: retired, exact: true })).toHaveCount(1);
});
