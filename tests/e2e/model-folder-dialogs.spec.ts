/** Model-based: every generated path of the content dialogs' machine for the new-folder and the move dialogs, run in the real app (tests/e2e/model/). */
import { test } from './model/modelTest.ts';
import { flowPaths, runPath } from './model/driver.ts';
import { moveMap, newFolderMap } from './model/folderDialogsMap.ts';

for (const map of [newFolderMap, moveMap]) {
  for (const path of flowPaths(map)) {
    test(path.title, async ({ page, browser, baseURL }) => runPath(map, path, { page, browser, baseURL: baseURL! }));
  }
}
