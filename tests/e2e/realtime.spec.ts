import type { Page } from '@playwright/test';
import { expect, signInContextOf, test } from './fixtures.ts';

/** The signed-in user's access token, as oidc-client-ts keeps it. */
async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : '';
  });
}

test('a connection dropped by the server shows reconnecting, then recovers by itself', async ({ page }) => {
  await signInContextOf(page, 'sam.staff@example.com');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome, Sam' })).toBeVisible();
  const token = await accessToken(page);
  expect(token).not.toBe('');
  const headers = { Authorization: `Bearer ${token}` };

  // Drop every socket and refuse new ones for a while: the client keeps trying.
  const drop = await page.request.post('/api/admin/realtime/disconnect', { headers, data: { refuse: true, seconds: 600 } });
  expect(drop.status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Reconnecting to live updates…' })).toBeVisible();

  // Accept connections again: the next attempt succeeds and the status goes away.
  const allow = await page.request.post('/api/admin/realtime/disconnect', { headers, data: { refuse: true, seconds: 0 } });
  expect(allow.status()).toBe(200);
  await expect(page.getByText('Reconnecting to live updates…')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText('You are offline from live updates.')).toBeHidden();
});

test('a non-staff user cannot drop connections', async ({ page }) => {
  await signInContextOf(page, 'tara.team@example.com');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome, Tara' })).toBeVisible();
  const response = await page.request.post('/api/admin/realtime/disconnect', { headers: { Authorization: `Bearer ${await accessToken(page)}` }, data: {} });
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
});
