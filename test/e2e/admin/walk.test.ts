/**
 * One continuous journey through the back office and the customizer, in one app and one
 * Chromium, with the real mouse and keyboard: an owner signs up, makes a store, a product that
 * asks for a proof with a side drawn by dragging, and a template with a text field; a shopper
 * (another browser context, no admin session) opens the customizer with the store's public
 * token, types their name into the field, saves and creates the project; the shop's payment
 * moves it; the operator finds it in the queue, approves its proof, downloads its print file
 * (poppler reads the size and the name), then creates an API key, uses it with curl and revokes
 * it. The owner's half runs at the desktop size, the operator's half at the tablet size (the
 * same page resized), so both are walked in one run. No axe passes: the area files do those.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { needs } from '../../helpers/requirements.js';
import { PASSWORD } from '../../helpers/factories.js';
import { waitForStatus } from '../../helpers/editor-status.js';
import { orderWithProof } from '../../helpers/editor-order.js';
import { addTextField, adminPage, curlStatus, dragHandle, screenshots, settled, startAdminWorld, templateFrame, VIEWPORTS, type AdminWorld } from './harness.js';

const run = promisify(execFile);
const chromiumGate = needs('chromium');
const LONG = { timeout: 90_000 };
const SHOPPER_NAME = 'Marie Curie';
const PT_PER_MM = 72 / 25.4;

interface Side {
  width: number;
  height: number;
  bleed: { top: number; right: number; bottom: number; left: number };
}

describe.skipIf(chromiumGate.skip)(`the back office walked end to end, with a shopper ordering in the customizer${chromiumGate.note}`, () => {
  let world: AdminWorld;
  const shots = screenshots('walk');

  beforeAll(async () => {
    world = await startAdminWorld();
  }, 180_000);
  afterAll(async () => world?.close());

  it('sign up → store → product and side → template → the shopper orders → queue → proof → print file → API key', async () => {
    const { context, page } = await adminPage(world);
    page.setDefaultTimeout(LONG.timeout);
    const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();

    // 1. sign up with the pinned names, then a store: its credentials are shown once
    await page.goto(`${world.base}/admin`);
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.getByLabel('Name').fill('Ada Walker');
    await page.getByLabel('Email').fill(`walk-${Date.now()}@example.test`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/stores/);
    await page.getByText('No store yet').waitFor();
    await shots.shot(page, 'signed-up');
    await page.getByLabel('Store name').fill('Walk Press');
    await page.getByRole('button', { name: 'Create store' }).click();
    const credsDialog = page.getByRole('dialog', { name: 'Store credentials' });
    await credsDialog.waitFor();
    const creds = {
      sid: await credsDialog.getByLabel('Store ID (sid)', { exact: true }).inputValue(),
      secret: await credsDialog.getByLabel('Secret', { exact: true }).inputValue(),
      token: await credsDialog.getByLabel('Public token', { exact: true }).inputValue(),
    };
    expect(creds.token.length).toBeGreaterThan(10);
    await shots.shot(page, 'store-credentials');
    await credsDialog.getByRole('button', { name: 'I have saved them' }).click();
    await page.waitForURL(/\/admin\/s\/[^/]+\/products/);
    const storeId = /\/admin\/s\/([^/]+)\//.exec(page.url())![1]!;
    // the plan with API keys (step 6): bought through billing, which is not what this walk tests
    await world.t.deps.stores.setTier(storeId, 'advanced');
    const basic = { authorization: `Basic ${Buffer.from(`${creds.sid}:${creds.secret}`).toString('base64')}`, 'content-type': 'application/json' };
    const apiGet = async (url: string) => (await (await fetch(`${world.base}/v1${url}`, { headers: basic })).json()).data;

    // 2. a product that asks for a proof, its side drawn by dragging the handles
    await page.getByRole('link', { name: 'New product' }).first().click();
    await page.getByLabel('Name').fill('Name card');
    await page.getByLabel('Unit').selectOption('mm');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.waitForURL(/\/products\/[0-9a-f-]{36}$/);
    const productId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: 'Name card' }).waitFor();
    await page.getByRole('switch', { name: 'Requires proof approval' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    expect((await apiGet(`/products/${productId}`)).requires_proof).toBe(true);
    await page.getByRole('link', { name: 'Add side' }).click();
    await page.waitForURL(/\/sides\/new$/);
    await page.getByLabel('Side name').fill('Front');
    const startWidth = Number.parseFloat(await page.getByLabel('Trim width (mm)').inputValue());
    await dragHandle(page, 'trim-right', 120, 0);
    await dragHandle(page, 'trim-bottom', 0, 60);
    await dragHandle(page, 'bleed-right', 25, 0);
    expect(Number.parseFloat(await page.getByLabel('Trim width (mm)').inputValue())).toBeGreaterThan(startWidth + 5);
    await shots.shot(page, 'side-drawn');
    await page.getByRole('button', { name: 'Save side' }).click();
    await page.waitForURL(/\/sides\/[0-9a-f-]{36}$/);
    await page.getByText('Side created').waitFor();
    const side = (await apiGet(`/sides/${page.url().split('/').pop()}`)) as Side;
    expect(side.bleed.right).toBeGreaterThan(side.bleed.left);

    // 3. a template for that side with one text field, laid out in template mode
    await nav('Templates');
    await page.getByRole('link', { name: 'New template' }).first().click();
    await page.getByLabel('Name').fill('Name card layout');
    const productInput = page.getByRole('combobox', { name: /^Product/ });
    await productInput.click();
    await productInput.pressSequentially('Name');
    await page.getByRole('option', { name: 'Name card' }).click();
    await page.getByRole('combobox', { name: /^Side/ }).click();
    await page.getByRole('option', { name: 'Front' }).click();
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.waitForURL(/\/templates\/(?!new)[^/]+$/);
    const templateId = new URL(page.url()).pathname.split('/').pop()!;
    const frame = await templateFrame(page);
    await waitForStatus(frame, /Editing Name card layout/);
    await addTextField(frame, 'Your name', 'name');
    await frame.click('#save-template');
    await page.getByText('Template saved: 1 fields').waitFor();
    await shots.shot(page, 'template-saved');

    // 4. the shopper: a browser of their own, the customizer opened as a shop links it (public token, product)
    const shopper = await world.browser.newContext({ viewport: VIEWPORTS.desktop, deviceScaleFactor: 1 });
    const editor = await shopper.newPage();
    editor.on('pageerror', (err) => console.error('[customizer page error]', err));
    await editor.goto(`${world.base}/customizer/?token=${encodeURIComponent(creds.token)}&product=${productId}`);
    await waitForStatus(editor, /^Ready$/);
    await editor.selectOption('#template', `store:${templateId}`);
    await editor.click('#apply-template');
    await waitForStatus(editor, /Template “Name card layout” applied/);
    await typeOverText(editor, 'Your name', SHOPPER_NAME);
    await shots.shot(editor, 'shopper-typed');
    await editor.click('#save');
    await waitForStatus(editor, /Saved 1 design/);
    await orderWithProof(editor, /Ordered “Shop order #1001”: PDF ready/, 'Shop order #1001');
    const projectId = (await editor.evaluate(() => document.body.dataset.projectId))!;
    await shots.shot(editor, 'shopper-ordered');
    await shopper.close();
    // the shop's checkout: once paid, the shop moves the project to received with its store
    // credentials, as the shop connectors do (src/modules/integrations/order-intake.ts); the
    // product asks for a proof, so the order goes on to proof_pending
    const paid = await fetch(`${world.base}/v1/projects/${projectId}/transitions`, { method: 'POST', headers: basic, body: JSON.stringify({ to: 'received', note: 'Paid in shop (order #1001)' }) });
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect((await paid.json()).data.state).toBe('proof_pending');
    const code = (await apiGet(`/projects/${projectId}`)).code as string;

    // 5. the operator, on a tablet: the order in the queue, its proof approved, its print file
    await page.setViewportSize(VIEWPORTS.tablet);
    await nav('Orders');
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await settled(page);
    const tab = page.locator('[role="tab"][data-state="proof_pending"]');
    await expect.poll(() => tab.locator('[data-count]').textContent(), LONG).toBe('1');
    await tab.click();
    await page.waitForURL(/state=proof_pending/);
    await expect.poll(() => page.locator('tbody tr').count(), LONG).toBe(1);
    await expect(page.locator('tbody tr').first().textContent()).resolves.toContain('Shop order #1001');
    await settled(page);
    await shots.shot(page, 'queue');
    await page.getByRole('link', { name: code }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/orders/${projectId}$`));
    await page.getByRole('img', { name: 'Proof of Front' }).waitFor();
    await page.getByRole('button', { name: 'Approve on behalf of the customer' }).click();
    const approve = page.getByRole('dialog');
    await approve.getByLabel('Approved by (name or e-mail)').fill('Marie (by phone)');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Proof approved').waitFor();
    // the print file, not the proof's PDF listed above it (<code>-1-name-card-1x-proof.pdf)
    const printLink = page.getByRole('link', { name: `Download ${code}-1-name-card-1x.pdf`, exact: true });
    await printLink.waitFor({ timeout: 150_000 });
    await settled(page);
    await shots.shot(page, 'order-approved');
    const [download] = await Promise.all([page.waitForEvent('download'), printLink.click()]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'folio-walk-')), download.suggestedFilename());
    await download.saveAs(file);
    // the page is the trim plus the bleed drawn in step 2; the trim box is the trim
    const info = (await run('pdfinfo', ['-box', file])).stdout;
    expect(info).toMatch(/Pages:\s+1/);
    const pageSize = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
    expect(Number(pageSize[1])).toBeCloseTo((side.width + side.bleed.left + side.bleed.right) * PT_PER_MM, 0);
    expect(Number(pageSize[2])).toBeCloseTo((side.height + side.bleed.top + side.bleed.bottom) * PT_PER_MM, 0);
    const trim = /TrimBox:\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(info)!.slice(1).map(Number);
    expect(trim[2]! - trim[0]!).toBeCloseTo(side.width * PT_PER_MM, 0);
    const text = (await run('pdftotext', [file, '-'])).stdout;
    expect(text).toContain(SHOPPER_NAME);
    expect(text).not.toMatch(/Your name|PROOF/);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });

    // 6. an API key with one scope: curl gets 200 where it may, 403 where it may not, 401 once revoked
    await nav('Developers');
    await page.getByRole('heading', { name: 'Store API keys' }).waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'New API key' }).first().click();
    const keyDialog = page.getByRole('dialog');
    await keyDialog.getByLabel('Name').fill('Walk reader');
    for (const box of await keyDialog.getByRole('checkbox').all()) if ((await box.getAttribute('value')) !== 'catalog:read') await box.click();
    expect(await keyDialog.getByRole('checkbox', { checked: true }).count()).toBe(1);
    await keyDialog.getByLabel('Name').focus();
    await page.keyboard.press('Enter');
    const key = await page.getByRole('textbox', { name: 'Secret key' }).inputValue();
    expect(key).toMatch(/^sk_live_/);
    // the form's dialog has faded out and the secret's faded in (for the screenshot)
    await page.waitForFunction(() => [...document.querySelectorAll('[role=dialog]')].every((d) => getComputedStyle(d).opacity === '1'));
    await shots.shot(page, 'key-secret');
    expect(await curlStatus(world.base, key, '/products')).toBe(200);
    expect(await curlStatus(world.base, key, '/projects')).toBe(403);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('heading', { name: 'Walk reader' }).waitFor();
    await page.getByRole('button', { name: 'Revoke' }).click();
    await keyDialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByTestId('key-status').getByText('Revoked').waitFor();
    expect(await curlStatus(world.base, key, '/products')).toBe(401);
    await shots.shot(page, 'key-revoked');
    await context.close();
  }, 400_000);
});

/** Double-clicks into the text layer `was` on the customizer's canvas, selects it all and types `now`. */
async function typeOverText(page: Page, was: string, now: string): Promise<void> {
  const centre = await page.evaluate((text) => {
    const c = (window as unknown as { customizer: { state: { active: { canvas: FabricLike } } } }).customizer.state.active.canvas;
    const o = c.getObjects().find((x) => x.text === text);
    if (!o) return null;
    const r = c.upperCanvasEl.getBoundingClientRect();
    const v = c.viewportTransform;
    const p = o.getCenterPoint();
    return { x: r.left + p.x * v[0]! + v[4]!, y: r.top + p.y * v[3]! + v[5]! };
  }, was);
  if (!centre) throw new Error(`no text “${was}” on the canvas`);
  await page.mouse.click(centre.x, centre.y);
  await page.mouse.dblclick(centre.x, centre.y);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(now);
  await page.keyboard.press('Escape');
  const texts = await page.evaluate(() => (window as unknown as { customizer: { state: { active: { canvas: FabricLike } } } }).customizer.state.active.canvas.getObjects().map((o) => o.text));
  expect(texts).toContain(now);
}

interface FabricLike {
  getObjects(): Array<{ text?: string; getCenterPoint(): { x: number; y: number } }>;
  upperCanvasEl: HTMLCanvasElement;
  viewportTransform: number[];
}
