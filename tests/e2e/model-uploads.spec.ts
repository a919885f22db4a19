/** Model-based: every generated path of the uploads machine (the upload flow), run in the real app (tests/e2e/model/). */
import { test } from './model/modelTest.ts';
import { flowPaths, runPath } from './model/driver.ts';
import { uploadsMap } from './model/uploadsMap.ts';

for (const path of flowPaths(uploadsMap)) {
  test(path.title, async ({ page, browser, baseURL }) => runPath(uploadsMap, path, { page, browser, baseURL: baseURL! }));
}
