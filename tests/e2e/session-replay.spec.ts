/**
 * Sessions recorded in Chromium through the real UI against the real service, downloaded from the account menu and
 * replayed headless: each must replay with 0 divergences and no "changed since recorded" warning. The file runs on a
 * server of its own (serverEnv), so the content its sessions change is theirs alone.
 */
import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import {
  dismissFeedbackSurvey,
  expect,
  expectNoPageErrors,
  goToSlide,
  openGridAs,
  segmentRow,
  segmentTable,
  itemCard,
  stackItemIds,
  startEditRow,
  test,
  translatePath,
  translatorPage,
  treeFolder,
  uniqueName,
} from './fixtures.ts';
import { downloadAndReplay, eventTypes } from './replaySupport.ts';
import { createFolder } from './userActions.ts';

test.use({ serverEnv: { REVIEW_E2E_SERVER: 'session-replay' } });
// The file's tests run in order in one worker, so its own server starts once.
test.describe.configure({ mode: 'default' });

const ALEX = 'alex.admin@example.com';
const VERA = 'vera.validator@example.com';


test('a grid session (a folder created and opened) replays with no divergence', async ({ page }) => {
  await openGridAs(page, ALEX, '/review/folder/PRIVATE_CONTENT');
  const name = uniqueName('Replay');
  await createFolder(page, name);
  await treeFolder(page, name).click();

  const { log } = await downloadAndReplay(page);
  expect(eventTypes(log)).toContain('folder.create');
});

test('a translate-tab session (found by search, edit, save, mark complete, reopen, find and replace) replays with no divergence', async ({ browser, baseURL }) => {
  const page = await translatorPage(browser, baseURL!, VERA);
  try {
    // As a validator gets there: search the language, open the card, the Translate tab.
    await page.getByRole('searchbox', { name: 'Search content' }).fill('French');
    await expect(page.getByRole('heading', { name: 'for “French”' })).toBeVisible();
    await itemCard(page, SEEDED_TRANSLATIONS.storylineFrench).getByRole('link').first().click();
    await page.getByRole('link', { name: 'Translate' }).click();
    await segmentTable(page);
    await goToSlide(page, 'Why service matters');
    const editor = await startEditRow(page, segmentRow(page, 'résolu rapidement'));
    await page.keyboard.press('End');
    await page.keyboard.type(' Vraiment.');
    await page.keyboard.press('Control+Enter');
    // Ctrl+Enter saves and opens the next segment's editor: Escape leaves it.
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();
    await dismissFeedbackSurvey(page);
    await expect(segmentRow(page, 'Vraiment.')).toContainText('Edited');

    const bar = page.getByRole('navigation', { name: 'Group navigation' });
    await bar.getByRole('button', { name: 'Mark complete' }).click();
    await bar.getByRole('button', { name: 'Reopen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reopen this slide?' });
    await confirm.getByRole('button', { name: 'Reopen' }).click();
    await expect(bar.getByRole('button', { name: 'Mark complete' })).toBeVisible();

    await page.getByRole('button', { name: 'Find and replace', exact: true }).click();
    const find = page.getByRole('search', { name: 'Find and replace' });
    await find.getByLabel('Slides').selectOption({ label: 'All slides' });
    await find.getByRole('textbox', { name: 'Find in segments' }).fill('Vraiment');
    await expect(find.getByText(/^(1 result|1 of 1)$/)).toBeVisible();
    const replaceWith = find.getByRole('textbox', { name: 'Replace with' });
    if (!(await replaceWith.isVisible())) await find.getByRole('button', { name: 'Show replace' }).click();
    await replaceWith.fill('Certainement');
    await find.getByRole('button', { name: 'Replace', exact: true }).click();
    await expect(segmentRow(page, 'Certainement.')).toBeVisible();

    const { log } = await downloadAndReplay(page);
    const types = eventTypes(log);
    expect(types).toContain('xstate.done.actor.fetchFile');
    expectNoPageErrors(page);
  } finally {
    await page.context().close();
  }
});

test('a translate-tab session with its dialogs (audio drawer, memory report, feedback survey answered) replays with no divergence', async ({ browser, baseURL }) => {
  test.slow();
  const stack = await stackItemIds(browser, baseURL!, SEEDED_TRANSLATIONS.storylineStack);
  const id = stack.get(SEEDED_TRANSLATIONS.storylineFrench)!;
  const page = await translatorPage(browser, baseURL!, VERA, translatePath(id));
  try {
    // Wide enough for the translate panel's help menu to open whole.
    await page.setViewportSize({ width: 1400, height: 900 });
    await segmentTable(page);
    // The audio drawer: a segment chosen closes it and brings its slide.
    await page.getByRole('button', { name: /^Validate audio elements/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Audio elements' });
    await drawer.getByRole('button', { name: /Let the customer explain the whole problem\./ }).click();
    await expect(drawer).toBeHidden();
    await expect(segmentRow(page, 'Let the customer explain the whole problem.')).toBeVisible();
    // The memory report dialog, its list, closed.
    await page.getByRole('button', { name: 'Translation memory report' }).click();
    const report = page.getByRole('dialog', { name: 'Translation memory report' });
    await expect(report.getByRole('list', { name: 'Segments with memory hits' })).toBeVisible();
    await report.getByRole('button', { name: 'Close' }).click();
    await expect(report).toBeHidden();
    // The feedback survey asked for from the help menu, answered and sent.
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Give feedback' }).click();
    const survey = page.getByRole('region', { name: 'How is validating translations going?' });
    await survey.getByRole('button', { name: 'Going well', exact: true }).click();
    await survey.getByRole('textbox', { name: /Anything to add/ }).fill('Smooth so far.');
    await survey.getByRole('button', { name: 'Submit' }).click();
    await expect(survey.getByText('Thanks for your feedback')).toBeVisible();

    const { log } = await downloadAndReplay(page);
    expect(eventTypes(log)).toEqual(
      expect.arrayContaining(['audioDrawer.open', 'audioDrawer.goTo', 'memoryReport.showDialog', 'memoryReport.hideDialog', 'surveys.ask', 'surveys.rate', 'surveys.write', 'surveys.submit']),
    );
    expectNoPageErrors(page);
  } finally {
    await page.context().close();
  }
});
