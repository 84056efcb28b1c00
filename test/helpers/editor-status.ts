import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until the editor page (or its frame) is idle and its status line matches `re`, failing at once on an error status. */
export async function waitForStatus(p: Page | Frame, re: RegExp): Promise<void> {
  await p.waitForFunction(
    (src) => {
      const el = document.getElementById('status');
      return !document.body.dataset.busy && (el?.dataset.state === 'error' || new RegExp(src).test(el?.textContent ?? ''));
    },
    re.source,
    { timeout: 60_000 },
  );
  expect(await p.textContent('#status')).toMatch(re);
}
