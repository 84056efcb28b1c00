import type { Page } from 'playwright-core';

/**
 * Opens one section of the phone's tools sheet (customizer/src/sheet.ts) as a shopper does:
 * a tap (or a click, in a context without touch) on its heading, unless it is open already.
 * On wide screens the headings are plain and every section is open: nothing to do.
 */
export async function openSection(p: Page, headingId: string, how: 'tap' | 'click' = 'tap'): Promise<void> {
  const button = p.locator(`#${headingId} > button.section-toggle`);
  if ((await button.count()) === 0 || (await button.getAttribute('aria-expanded')) === 'true') return;
  await button[how]();
}
