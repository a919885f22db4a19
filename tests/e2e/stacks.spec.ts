/**
 * Translation stacks as a person reaches them: the stack card opens its source course with the stack's title and the
 * stack sidebar (review-and-content §2, §3; translation-editor §2), each language a link; search finds a member by
 * its language or its title. Only clicks and typing: no ids looked up through the API.
 */
import { expect, expectNoAxeViolations, itemCard, openGridAs, test } from './fixtures.ts';

test('the stack card opens its source course with the stack title and the languages sidebar; a language opens its translation', async ({ page }) => {
  await openGridAs(page, 'alex.admin@example.com');
  // Found by its title, as a person does when other items fill the first page.
  await page.getByRole('searchbox', { name: 'Search content' }).fill('Onboarding course');
  await itemCard(page, 'Onboarding course').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/review\?sourceCourse=true$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Onboarding course', exact: true })).toBeVisible();
  const languages = page.getByRole('navigation', { name: 'Languages' });
  await expect(languages.getByRole('link', { name: /English\s*Source/ })).toHaveAttribute('aria-current', 'page');
  for (const language of ['French', 'German', 'Japanese', 'Arabic']) await expect(languages.getByRole('link', { name: new RegExp(`^${language}`) })).toBeVisible();
  await expectNoAxeViolations(page, 'item view of a stack member');
  await languages.getByRole('link', { name: /^French/ }).click();
  await expect(page).toHaveURL(/\/translate$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Onboarding course', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: /^French/ })).toHaveAttribute('aria-current', 'page');
  // Back on the review tab of the target, the sidebar is there too, French marked as the one shown.
  await page.getByRole('link', { name: 'Comments' }).click();
  await expect(page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: /^French/ })).toHaveAttribute('aria-current', 'page');
});

test('a validator finds a translation target by searching its language, and by its title; it opens with the stack sidebar', async ({ page }) => {
  await openGridAs(page, 'vera.validator@example.com');
  const search = page.getByRole('searchbox', { name: 'Search content' });
  await search.fill('Français');
  const card = itemCard(page, 'Customer service essentials (French)');
  await expect(card).toBeVisible();
  await expect(card.getByText('In a stack')).toBeVisible();
  // Changed through its stack: no menu of its own.
  await expect(card.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await search.fill('Customer service essentials (German)');
  await expect(itemCard(page, 'Customer service essentials (German)')).toBeVisible();
  await search.fill('French');
  await itemCard(page, 'Customer service essentials (French)').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer service essentials', exact: true })).toBeVisible();
  const languages = page.getByRole('navigation', { name: 'Languages' });
  await expect(languages.getByRole('link', { name: /^French/ })).toHaveAttribute('aria-current', 'page');
  await expect(languages.getByRole('link', { name: /^English/ })).toBeVisible();
  await expectNoAxeViolations(page, 'review tab of a translation target');
  await expect(page.getByRole('link', { name: 'Translate' })).toBeVisible();
});

test('the owner’s stack card menu offers what §6 gives a stack: rename, move and delete', async ({ page }) => {
  await openGridAs(page, 'alex.admin@example.com');
  await page.getByRole('searchbox', { name: 'Search content' }).fill('Onboarding course');
  await itemCard(page, 'Onboarding course').getByRole('button', { name: /^Actions for/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([/Rename/, /Move to folder/, /Delete/]);
});
