/**
 * The model specs' test: the e2e fixtures, with each path's fresh context already signed in as alex (a sign-in of its
 * own done over HTTP, tests/support/e2eAuth.ts), so a path spends its time on the flow, not on the provider's login
 * page, and no two paths share a refresh token (the provider rotates them and revokes a grant whose token is reused).
 */
import { signedInState, test as base } from '../fixtures.ts';

export const MODEL_USER = 'alex.admin@example.com';

export const test = base.extend({
  storageState: async ({ baseURL }, use) => {
    const state = await signedInState(baseURL!, MODEL_USER);
    await use({ cookies: state.cookies, origins: [{ origin: state.origin, localStorage: state.localStorage }] });
  },
});
