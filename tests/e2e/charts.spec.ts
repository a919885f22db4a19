import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInContextOf, test } from './fixtures.ts';
import { translationMachine } from '../../machines/index.ts';

/** Every state id of the translation machine but the root (what an exported chart must name). */
function translationStateKeys(): string[] {
  const keys: string[] = [];
  const walk = (node: typeof translationMachine.root) => {
    for (const [key, child] of Object.entries(node.states)) {
      keys.push(key);
      walk(child as typeof node);
    }
  };
  walk(translationMachine.root);
  return keys;
}

async function openChartsAsStaff(page: Page) {
  await signInContextOf(page, 'sam.staff@example.com');
  await page.goto('/');
  await page.getByRole('button', { name: /^SS/ }).click();
  await page.getByRole('menuitem', { name: 'Statecharts' }).click();
  await expect(page).toHaveURL(/\/charts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statecharts' })).toBeVisible();
}

test('staff draw the translation machine, collapse a region, filter by an event and export the SVG', async ({ page }, testInfo) => {
  await openChartsAsStaff(page);
  await page.getByRole('link', { name: /^translation The translate tab/ }).click();
  const chart = page.locator('svg[data-machine="translation"]');
  await expect(chart.locator('g[data-state="translation.open.load.fetchingStack"]')).toBeVisible();
  await expect(chart.locator('g[data-state]')).toHaveCount(37);
  await page.screenshot({ path: testInfo.outputPath('charts-translation.png') });
  await expectNoAxeViolations(page, 'the charts studio');

  // The chart has the whole width of the machine's area: nothing stands beside it.
  const area = await page.getByRole('region', { name: 'translation', exact: true }).boundingBox();
  const drawn = await page.getByRole('group', { name: /^Chart of translation\. Arrow keys pan/ }).boundingBox();
  expect(drawn!.width).toBeGreaterThan(area!.width - 4);

  // Targetless transitions are counted on their state, or listed on demand.
  const open = chart.locator('g[data-state="translation.open"]').locator(':scope > text');
  await expect(open.filter({ hasText: /^\d+ targetless or self transitions$/ })).toHaveCount(1);
  await page.getByLabel('List targetless transitions').check();
  await expect(open.filter({ hasText: /^translation\.toggleGroup / })).toHaveCount(1);
  await page.getByLabel('List targetless transitions').uncheck();

  // Keyboard: the chart pans and zooms from its own keys; + zooms in, 0 fits.
  const viewport = page.getByRole('group', { name: /^Chart of translation\. Arrow keys pan/ });
  const scale = page.getByRole('group', { name: 'Zoom' }).getByText(/%$/);
  const before = await scale.innerText();
  await viewport.focus();
  await page.keyboard.press('+');
  await expect(scale).not.toHaveText(before);
  await page.keyboard.press('0');
  await expect(scale).not.toHaveText(before);

  // Search a state; focus one region.
  await page.getByLabel('Find state').fill('confirmingReset');
  await expect(page.getByText('1 state(s) found; showing translation.open.tools.confirmingReset.')).toBeVisible();
  await page.getByLabel('Find state').fill('');
  await page.getByLabel('Region').selectOption('translation.open.progress');
  await expect(chart.locator('g[data-state="translation.open.progress.idle"]')).toBeVisible();
  await expect(chart.locator('g[data-state="translation.open.load"]')).toHaveCount(0);
  await page.getByLabel('Region').selectOption('');

  // Collapse the load region: its inner states leave the chart, the region stays.
  // (by keyboard: the button, reached with Tab, is brought into view)
  await chart.getByRole('button', { name: 'Collapse translation.open.load', exact: true }).focus();
  await expect(chart.getByRole('button', { name: 'Collapse translation.open.load', exact: true })).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(chart.locator('g[data-state="translation.open.load.fetchingStack"]')).toHaveCount(0);
  await expect(chart.getByRole('button', { name: 'Expand translation.open.load', exact: true })).toBeVisible();

  // Filter by an event: its transitions stay at full strength, others fade.
  await page.getByLabel('Event').selectOption('translation.markComplete');
  const marking = chart.locator('g[data-transition^="translation.open.progress.idle —translation.markComplete"]').first();
  await expect(marking).not.toHaveAttribute('opacity', /.+/);
  await expect(chart.locator('g[data-transition^="translation.open.progress.markingComplete —xstate.done.actor"]').first()).toHaveAttribute('opacity', '0.15');

  // Export: a standalone SVG document that names every state.
  await page.getByRole('button', { name: 'Expand all' }).click();
  await page.getByLabel('Event').selectOption('');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download SVG' }).click();
  const file = await (await downloading).path();
  const text = readFileSync(file, 'utf8');
  const parsed = new XMLParser({ ignoreAttributes: false }).parse(text) as { svg: { '@_xmlns': string } };
  expect(parsed.svg['@_xmlns']).toBe('http://www.w3.org/2000/svg');
  const texts = new Set([...text.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]));
  for (const key of translationStateKeys()) expect(texts, `state ${key} named in the SVG`).toContain(key);
  expect(texts).toContain('translation.toggleGroup [inline] / xstate.assign');
});

/** The ids of the states drawn as active on a chart. */
async function activeStates(chart: Locator): Promise<string[]> {
  return chart.locator('g[data-active="true"]').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-state') ?? '').sort());
}

test('the live view highlights the current state of a running actor as it changes', async ({ page }, testInfo) => {
  await openChartsAsStaff(page);
  await page.getByLabel('Attach to my running app').check();
  const actors = page.getByRole('list', { name: 'Running actors' });
  // The grid's machines load with the Review page: until it has been opened, the app runs without them.
  await expect(actors.getByRole('button', { name: 'app/grid machine' })).toHaveCount(0);
  await actors.getByRole('button', { name: 'app machine', exact: true }).click();
  const chart = page.locator('svg[data-machine="app"]');
  await expect(chart.locator('g[data-active="true"]').first()).toBeVisible();
  const before = await activeStates(chart);
  await page.screenshot({ path: testInfo.outputPath('charts-live-before.png') });

  // Act in the app: open Review (its content feature loads and the grid starts), then come back to the charts.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review' }).click();
  await expect(page.getByRole('tree').first()).toBeVisible();
  await page.getByRole('button', { name: /^SS/ }).click();
  await page.getByRole('menuitem', { name: 'Statecharts' }).click();
  await expect(page.getByRole('button', { name: 'app machine', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => activeStates(chart)).not.toEqual(before);
  await expect(chart.locator('g[data-active="true"]').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('charts-live-after.png') });
  // The grid now runs, and its chart shows its current state too.
  await actors.getByRole('button', { name: 'app/grid machine' }).click();
  await expect(page.locator('svg[data-machine="grid"]').locator('g[data-active="true"]').first()).toBeVisible();
  await expectNoAxeViolations(page, 'the live charts view');
});

test('coverage colours what the generated paths take; a transition shows its shortest path', async ({ page }, testInfo) => {
  await openChartsAsStaff(page);
  await page.getByRole('link', { name: /^notificationSettings / }).click();
  await page.getByLabel('Coverage').check();
  await expect(page.getByText(/Coverage — notificationSettings: states \d+\/\d+/)).toBeVisible({ timeout: 45_000 });
  const chart = page.locator('svg[data-machine="notificationSettings"]');
  const failing = chart.getByRole('button', { name: /^Transition from notificationSettings\.loading: error: fetchPreference/ }).first();
  await failing.focus();
  await expect(failing).toBeInViewport();
  await failing.click();
  await expect(page.getByText('Shortest path (events in order):')).toBeVisible();
  await expect(page.locator('.charts-detail__path li')).toHaveText(['notificationSettings.open', 'xstate.error.actor.fetchPreference']);
  await page.screenshot({ path: testInfo.outputPath('charts-coverage.png') });
  // The details lie over the chart until closed.
  await page.getByRole('button', { name: 'Close transition details' }).click();
  await expect(page.getByText('Shortest path (events in order):')).toHaveCount(0);
  await expect(page.getByText(/^Click a transition to see its shortest path/)).toBeVisible();
});

test('people who are not staff get no charts link and no /charts page', async ({ page }) => {
  await signInContextOf(page, 'tara.team@example.com');
  await page.goto('/charts');
  await expect(page.getByRole('heading', { name: 'Welcome, Tara' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: /^TT/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Statecharts' })).toHaveCount(0);
});
