// The plugin's delivery to Folio (built output, as Medusa loads it) against a local receiver
// that checks the Standard Webhooks signature on its own.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, test } from 'node:test';
import { startReceiver, verify } from '../e2e/lib/receiver.mjs';

const require = createRequire(import.meta.url);
const lib = require('../.medusa/server/src/lib/folio-webhook.js');
const receivers = [];
after(() => Promise.all(receivers.map((r) => r.close())));

const order = {
  id: 'order_01',
  display_id: 7,
  items: [
    { id: 'ordli_1', title: 'Business cards', quantity: 2, metadata: { _folio_design_id: '5b7c2b4e-2a6f-4c8e-9d1a-0f3e6a1b2c3d' } },
    { id: 'ordli_2', title: 'Gift wrap', quantity: 1, metadata: null },
  ],
};

async function receiver(opts) {
  const r = await startReceiver({ secret: 'shh', integrationId: 'int_1', ...opts });
  receivers.push(r);
  return r;
}

const options = (url, extra = {}) => lib.readOptions({ folioUrl: `${url}/`, integrationId: 'int_1', webhookSecret: 'shh', retryDelayMs: 20, ...extra });

test('posts the order signed, with the integration header and the contract body', async () => {
  const r = await receiver({});
  const result = await lib.deliver(options(r.url), 'order.placed', order);
  assert.equal(result.ok, true);
  assert.equal(result.attempts, 1);
  assert.equal(r.received.length, 1);
  const [req] = r.received;
  assert.equal(req.url, '/v1/integrations/medusa/webhooks');
  assert.equal(req.signed, true);
  assert.equal(req.headers['x-folio-integration'], 'int_1');
  assert.equal(req.headers['webhook-id'], 'msg_medusa_order_placed_order_01');
  assert.deepEqual(req.body, {
    topic: 'order.placed',
    order: { id: 'order_01', display_id: 7, items: [
      { id: 'ordli_1', title: 'Business cards', quantity: 2, metadata: { _folio_design_id: '5b7c2b4e-2a6f-4c8e-9d1a-0f3e6a1b2c3d' } },
      { id: 'ordli_2', title: 'Gift wrap', quantity: 1, metadata: {} },
    ] },
  });
});

test('a whsec_ secret signs with its base64-decoded bytes', async () => {
  const secret = `whsec_${Buffer.from('raw key bytes').toString('base64')}`;
  const r = await receiver({ secret });
  await lib.deliver(lib.readOptions({ folioUrl: r.url, integrationId: 'int_1', webhookSecret: secret }), 'order.canceled', order);
  assert.equal(r.received[0].signed, true);
  // the same body signed with the secret's text would not pass
  const h = r.received[0].headers;
  const asText = lib.sign('raw key bytes', h['webhook-id'], Number(h['webhook-timestamp']), r.received[0].raw);
  assert.equal(h['webhook-signature'], asText);
  assert.equal(verify('shh', h, r.received[0].raw), false);
});

test('retries 5xx, 429 and refused connections with backoff, then succeeds', async () => {
  const r = await receiver({ statuses: [503, 429, 500] });
  const t0 = Date.now();
  const result = await lib.deliver(options(r.url), 'order.placed', order);
  assert.equal(result.ok, true);
  assert.equal(result.attempts, 4);
  assert.equal(r.received.length, 4);
  assert.ok(Date.now() - t0 >= 20 + 40 + 80, 'waits 20, 40, 80 ms between attempts');
  assert.equal(new Set(r.received.map((q) => q.headers['webhook-id'])).size, 1, 'one message id for every attempt');
  assert.ok(r.received.every((q) => q.signed));

  const closed = await receiver({});
  const url = closed.url;
  await closed.close();
  receivers.splice(receivers.indexOf(closed), 1);
  const down = await lib.deliver(options(url, { retries: 2 }), 'order.placed', order);
  assert.equal(down.ok, false);
  assert.equal(down.attempts, 3);
  assert.match(down.error, /fetch failed/);
});

test('gives up at once on an answer that will not change (401, 404)', async () => {
  const wrongSecret = await receiver({ secret: 'other' });
  const result = await lib.deliver(options(wrongSecret.url), 'order.placed', order);
  assert.equal(result.status, 401);
  assert.equal(result.attempts, 1);
  const wrongIntegration = await receiver({ integrationId: 'int_2' });
  assert.equal((await lib.deliver(options(wrongIntegration.url), 'order.placed', order)).status, 404);
});

test('only lines with a design are personalised; options are checked', () => {
  assert.deepEqual(lib.personalisedLines(order.items).map((i) => i.id), ['ordli_1']);
  assert.deepEqual(lib.personalisedLines([{ id: 'x', quantity: 1, metadata: { _folio_design_id: '  ' } }]), []);
  assert.deepEqual(lib.personalisedLines([{ id: 'sides', quantity: 1, metadata: { _folio_design_ids: 'a,b' } }]).map((i) => i.id), ['sides']);
  assert.throws(() => lib.readOptions({ folioUrl: 'http://x' }), /missing option\(s\) integrationId, webhookSecret/);
  assert.throws(() => lib.readOptions({ folioUrl: 'ftp://x', integrationId: 'i', webhookSecret: 's' }), /http\(s\)/);
  assert.equal(lib.readOptions({ folioUrl: 'http://x//', integrationId: 'i', webhookSecret: 's' }).folioUrl, 'http://x');
});

test('a resend by hand is a new message: its own webhook-id, signed as any other', async () => {
  const r = await receiver({});
  await lib.deliver(options(r.url), 'order.placed', order, undefined, '1700000000000');
  assert.equal(r.received[0].headers['webhook-id'], 'msg_medusa_order_placed_order_01_resend_1700000000000');
  assert.equal(r.received[0].signed, true);
});

test('the plugin options are found in medusa-config when Medusa passes none to subscribers', () => {
  const po = require('../.medusa/server/src/lib/plugin-options.js');
  const mine = { folioUrl: 'http://f', integrationId: 'i', webhookSecret: 's' };
  assert.deepEqual(po.findPluginOptions({}, ['other-plugin', { resolve: '@folio/medusa-plugin', options: mine }]), mine);
  assert.deepEqual(po.findPluginOptions(undefined, [{ resolve: po.PACKAGE_DIR, options: mine }]), mine);
  assert.deepEqual(po.findPluginOptions({ folioUrl: 'given' }, [{ resolve: '@folio/medusa-plugin', options: mine }]), { folioUrl: 'given' });
  assert.equal(po.findPluginOptions({}, [{ resolve: '@other/plugin', options: mine }]), undefined);
});
