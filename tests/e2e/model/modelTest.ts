/**
 * The model specs' test: the e2e fixtures, with alex signed in once per worker (the browser storage of one sign-in
 * reused by each path's fresh context), so a path spends its time on the flow, not on the provider's login page.
 */
import { test as base } from '../fixtures.ts';
import { signInToGrid } from './setup.ts';

export const MODEL_USER = 'alex.admin@example.com';

export const test = base.extend<object, { signedInState: string }>({
  signedInState: [
    async ({ browser, server }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: server.url });
      const page = await context.newPage();
      await signInToGrid(page, MODEL_USER);
      const file = `${workerInfo.project.outputDir}/model-signed-in-${workerInfo.workerIndex}.json`;
      await context.storageState({ path: file });
      await context.close();
      await use(file);
    },
    { scope: 'worker' },
  ],
  storageState: async ({ signedInState }, use) => use(signedInState),
});
