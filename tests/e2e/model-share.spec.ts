/** Model-based: every generated path of the share dialog's machine, run in the real app (tests/e2e/model/). */
import { test } from './model/modelTest.ts';
import { flowPaths, runPath } from './model/driver.ts';
import { shareMap } from './model/shareMap.ts';

for (const path of flowPaths(shareMap)) {
  test(path.title, async ({ page, browser, baseURL }) => runPath(shareMap, path, { page, browser, baseURL: baseURL! }));
}
