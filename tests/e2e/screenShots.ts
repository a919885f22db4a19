import type { Page } from '@playwright/test';
import { expectNoAxeViolations, test } from './fixtures.ts';

/**
 * Axe, then a full-page screenshot into the running test's output folder, at 1400 px and at 390 px wide (the widths
 * every new screen is looked at); the viewport is left at 1400 px.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1400, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${name} at ${width} px`);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}
