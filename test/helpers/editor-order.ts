import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForStatus } from './editor-status.js';

/** Waits until the editor's proof step (the "Order" button's modal dialog) is open and idle. */
export async function waitForProof(p: Page | Frame): Promise<void> {
  await p.waitForFunction(() => (document.getElementById('proof-dialog') as HTMLDialogElement | null)?.open && !document.body.dataset.busy, undefined, { timeout: 60_000 });
}

/**
 * Orders through the editor as a shopper does: names the project (when `name` is given),
 * presses "Order" (every side saved, then the proof step), ticks "I have checked my design",
 * confirms, and waits for the status `done` (the PDF made).
 */
export async function orderWithProof(p: Page | Frame, done: RegExp, name?: string): Promise<void> {
  if (name !== undefined) await p.fill('#project-name', name);
  await p.click('#create-project');
  await waitForProof(p);
  expect(await p.isDisabled('#proof-confirm')).toBe(true);
  await p.check('#proof-ok');
  await p.click('#proof-confirm');
  await waitForStatus(p, done);
  expect(await p.evaluate(() => (document.getElementById('proof-dialog') as HTMLDialogElement).open)).toBe(false);
}
