/**
 * The back office's frame in Chromium: sign-up and sign-in with the pinned names ("Email",
 * "Password", "Sign in"), the main navigation's pinned names, deep links surviving a reload,
 * sign-out, a wrong password's toast with the API's message, axe-core in en, fr and he (right to
 * left), at the desktop and tablet sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../helpers/requirements.js';
import { PASSWORD } from '../../helpers/factories.js';
import { accountWithStore, adminPage, axeViolations, screenshots, settled, startAdminWorld, type AdminWorld, axeLocales } from './harness.js';

const chromiumGate = needs('chromium');
const NAV = ['Products', 'Orders', 'Templates', 'Assets', 'Developers', 'Wallet', 'Studio'];

describe.skipIf(chromiumGate.skip)(`back office shell in headless Chromium${chromiumGate.note}`, () => {
  let world: AdminWorld;
  const shots = screenshots('shell');

  beforeAll(async () => {
    world = await startAdminWorld();
  }, 120_000);
  afterAll(async () => world?.close());

  it('signs up with the form, lands on the stores page, and the navigation has the pinned names', async () => {
    const { context, page } = await adminPage(world);
    await page.goto(`${world.base}/admin`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/sign-in');
    await shots.shot(page, 'sign-in');
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(`ada-${Date.now()}@example.test`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/stores/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    // the URL changes as the navigation starts; the shell renders a moment later
    await nav.getByRole('link', { name: NAV[0], exact: true }).waitFor();
    for (const name of NAV) await expect(nav.getByRole('link', { name, exact: true }).count()).resolves.toBe(1);
    // no store yet: the store pages' links lead here too, but only Stores is the current page
    await page.getByText('No store yet').waitFor();
    expect(await nav.locator('[aria-current="page"]').allTextContents()).toEqual(['Stores']);
    await shots.shot(page, 'signed-up');
    await context.close();
  });

  it('signs in with Email, Password and Sign in; a wrong password shows the API message; deep links survive a reload; sign out', async () => {
    const { user, store } = await accountWithStore(world);
    const { context, page } = await adminPage(world);
    await page.goto(`${world.base}/admin/s/${store!.id}/products?q=zz`);
    await page.waitForURL(/sign-in/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('wrong-Passw0rd!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(/invalid|incorrect|wrong/i).first().waitFor()).resolves.toBeUndefined();
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(new RegExp(`/admin/s/${store!.id}/products\\?q=zz`));
    await settled(page);
    await page.reload();
    // exact: the list's empty state may already be there beside the title
    await page.getByRole('heading', { name: 'Products', exact: true }).waitFor();
    expect(await page.getByLabel('Search').inputValue()).toBe('zz');
    // a search that finds nothing says so (not "No products yet") and clears with one click
    await page.getByRole('heading', { name: 'Nothing matches “zz”' }).waitFor();
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await page.waitForURL((u) => !u.searchParams.has('q'));
    await page.getByRole('heading', { name: 'No products yet' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/sign-in/);
    await page.goBack();
    await page.waitForURL(/sign-in/);
    await context.close();
  });

  it('sends a session the API no longer accepts back to the sign-in page, saying so, then back to the page', async () => {
    const { user, store } = await accountWithStore(world);
    const { context, page } = await adminPage(world, { user: { ...user, token: `${user.token.slice(0, -4)}AAAA` } });
    await page.goto(`${world.base}/admin/s/${store!.id}/products`);
    await page.getByText('Your session ended: sign in again.').waitFor();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(new RegExp(`/admin/s/${store!.id}/products$`));
    await context.close();
  });

  for (const viewport of ['desktop', 'tablet'] as const) {
    it(`has no axe violation (${viewport}: ${axeLocales(viewport).join(', ')})`, async () => {
      const { user, store } = await accountWithStore(world);
      for (const locale of axeLocales(viewport)) {
        const anon = await adminPage(world, { viewport, locale });
        await anon.page.goto(`${world.base}/admin/sign-in`);
        await anon.page.locator('form').waitFor();
        expect(await anon.page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([locale, locale === 'he' ? 'rtl' : 'ltr']);
        expect(await axeViolations(anon.page), `sign-in ${locale}`).toEqual([]);
        await anon.context.close();
        const { context, page } = await adminPage(world, { user, viewport, locale });
        await page.goto(`${world.base}/admin/s/${store!.id}/products`);
        await settled(page);
        expect(await axeViolations(page), `products ${locale}`).toEqual([]);
        await shots.shot(page, `products-${locale}`);
        await context.close();
      }
    }, 120_000);
  }
});
