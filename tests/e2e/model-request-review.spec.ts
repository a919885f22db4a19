/** Model-based: every generated path of the request-review dialog's machine, run in the real app (tests/e2e/model/). */
import { test } from './model/modelTest.ts';
import { flowPaths, runPath } from './model/driver.ts';
import { requestReviewMap } from './model/requestReviewMap.ts';

for (const path of flowPaths(requestReviewMap)) {
  test(path.title, async ({ page, browser, baseURL }) => runPath(requestReviewMap, path, { page, browser, baseURL: baseURL! }));
}
