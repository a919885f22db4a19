/**
 * A session with a socket drop and reconnect, recorded in Chromium through the real UI against the real service,
 * downloaded from the account menu and replayed headless with 0 divergences. Staff drop the sockets with the
 * service's test hook (server README, Sockets) over HTTP; reconnect attempts are 100–300 ms apart
 * on this file's server (the spec's 5 s would make the attempts take minutes).
 */
import { expect, openGridAs, requestAs, test, uniqueName } from './fixtures.ts';
import { downloadAndReplay, eventTypes } from './replaySupport.ts';
import { createFolder } from './userActions.ts';

test.use({
  serverEnv: {
    REVIEW_E2E_SERVER: 'session-replay-realtime',
    REALTIME_RECONNECT_DELAY_MS: '100',
    REALTIME_RECONNECT_DELAY_MAX_MS: '300',
    REALTIME_RECONNECT_ATTEMPTS: '6',
  },
});

const ALEX = 'alex.admin@example.com';
const SAM = 'sam.staff@example.com';

/** Staff drop every socket (and refuse new ones for `seconds` when given) through the test hook. */
async function dropSockets(baseURL: string, data: { refuse?: boolean; seconds?: number } = {}): Promise<void> {
  const response = await requestAs(baseURL, SAM, 'POST', '/api/admin/realtime/disconnect', data);
  expect(response.status).toBe(200);
}

test('a session with a socket drop, a refused reconnect and the banner’s Reconnect replays with no divergence', async ({ page, baseURL }) => {
  // A recorded session downloaded and replayed: on a loaded machine (2 cores shared) this can outlast the default bound.
  test.slow();
  await openGridAs(page, ALEX, '/review/folder/PRIVATE_CONTENT');
  await createFolder(page, uniqueName('Before the drop'));

  // A drop the client reconnects from by itself: the grid still works after it.
  await dropSockets(baseURL!);
  await expect(page.getByText('Reconnecting to live updates…')).toBeHidden();
  await createFolder(page, uniqueName('After the drop'));

  // Refused until the attempts run out: the offline banner; its Reconnect works once the service accepts again.
  await dropSockets(baseURL!, { refuse: true, seconds: 600 });
  const banner = page.getByRole('alert').filter({ hasText: 'You are offline from live updates.' });
  await expect(banner).toBeVisible();
  await dropSockets(baseURL!, { refuse: true, seconds: 0 });
  await banner.getByRole('button', { name: 'Reconnect' }).click();
  await expect(banner).toBeHidden();
  await expect(page.getByText('Reconnecting to live updates…')).toBeHidden();
  await createFolder(page, uniqueName('After the banner'));

  const { log } = await downloadAndReplay(page);
  const types = eventTypes(log);
  for (const type of ['socket.opened', 'socket.disconnected', 'socket.connectError', 'realtime.reconnected', 'connection.reconnect', 'socket.reconnect']) expect(types).toContain(type);
  // The machine's own reconnect schedule: its waits are delays the replay regenerates.
  expect(types.some((type) => type.startsWith('xstate.after.reconnectDelay.'))).toBe(true);
});
