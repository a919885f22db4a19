/**
 * What the annotation e2e files share: the flags they turn on and off for the worker's service (staff, as the flag
 * editor does), and restoring them afterwards so the worker's other files see the defaults again; opening an item as
 * a user does; the composer, thread, dialog and canvas; drawing a stroke.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { FLAG_DEFAULTS } from '../../domain/flags.ts';
import { expect, itemCard, openGridAs, requestAs, treeFolder } from './fixtures.ts';

const SAM = 'sam.staff@example.com';

export type AnnotationFlag = 'annotationTool' | 'serverSnapshots';

/** Staff turn a flag on or off for everyone (the worker's own service), as the flag editor's request does. */
export async function setFlag(_browser: Browser, baseURL: string, key: AnnotationFlag, value: boolean): Promise<void> {
  const response = await requestAs(baseURL, SAM, 'PUT', `/services/flags/v1/flags/${key}`, { subscriptionId: null, value });
  expect(response.status).toBe(200);
}

/** The annotation flag on or off, and server snapshots off. */
export async function setAnnotationFlag(browser: Browser, baseURL: string, value: boolean): Promise<void> {
  await setFlag(browser, baseURL, 'serverSnapshots', false);
  await setFlag(browser, baseURL, 'annotationTool', value);
}

/** Both annotation flags back to their defaults (for a file's afterAll). */
export async function restoreAnnotationFlags(browser: Browser, baseURL: string): Promise<void> {
  await setFlag(browser, baseURL, 'serverSnapshots', FLAG_DEFAULTS.serverSnapshots);
  await setFlag(browser, baseURL, 'annotationTool', FLAG_DEFAULTS.annotationTool);
}

/**
 * `email` opens `title` from Team Library in a fresh context, as a user clicks there (`initScript`: run in every
 * frame of it before the frame's own scripts, e.g. to change what the player frame's browser does).
 */
export async function openItem(browser: Browser, baseURL: string, email: string, title: string, initScript?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  await openGridAs(page, email);
  await treeFolder(page, 'Team Library').click();
  await itemCard(page, title).getByRole('link', { name: title }).click();
  await expect(page.getByRole('group', { name: 'New comment' }).getByRole('textbox', { name: 'Comment' })).toBeVisible();
  return page;
}

export const composerOf = (page: Page): Locator => page.getByRole('group', { name: 'New comment' });
export const thread = (page: Page, text: string): Locator => page.getByRole('feed', { name: 'Comment threads' }).getByRole('article').filter({ hasText: text });
export const annotationDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Annotate snapshot' });
export const canvasOf = (page: Page): Locator => annotationDialog(page).getByRole('application', { name: /^Snapshot canvas/ });

/** Draws a stroke across the canvas with the mouse (the Draw tool is the default), from and to fractions of it. */
export async function drawStroke(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const box = (await canvasOf(page).boundingBox())!;
  const at = ([fx, fy]: [number, number]) => [box.x + fx * box.width, box.y + fy * box.height] as const;
  const [x0, y0] = at(from);
  const [x1, y1] = at(to);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 8; i += 1) await page.mouse.move(x0 + ((x1 - x0) * i) / 8, y0 + ((y1 - y0) * i) / 8 + (i % 2) * 6);
  await page.mouse.up();
}
