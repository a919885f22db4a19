/**
 * The model specs' test: the e2e fixtures, with each path's fresh context already signed in as alex (over HTTP, the
 * worker's kept sign-in of alex: tests/support/e2eAuth.ts), so a path spends its time on the flow, not on the
 * provider's login page. A kept sign-in is handed out only while no page can reach its token refresh within a test,
 * so no two paths rotate one refresh token (the provider revokes a grant whose token is reused).
 */
import { signedInState, test as base } from '../fixtures.ts';

export const MODEL_USER = 'alex.admin@example.com';

export const test = base.extend({
  storageState: async ({ baseURL }, use) => {
    const state = await signedInState(baseURL!, MODEL_USER);
    await use({ cookies: state.cookies, origins: [{ origin: state.origin, localStorage: state.localStorage }] });
  },
});
