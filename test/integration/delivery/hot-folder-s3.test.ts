import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { CreateBucketCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transport } from '../../../src/modules/delivery/index.js';
import { as } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { createTarget, deliveryWorld, enqueue, PDF, settled, store, ticket, type DeliveryWorld } from './world.js';

/** A full disk on demand: the next `failures` writes through a hot-folder transport fail with ENOSPC. */
let failures = 0;
const fullDisk = (t: Transport, type: string): Transport =>
  type !== 'hot_folder'
    ? t
    : {
        put: async (files, signal) => {
          if (failures > 0) {
            failures--;
            throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
          }
          return t.put(files, signal);
        },
        remove: (name, signal) => t.remove(name, signal),
        close: () => t.close(),
      };

let w: DeliveryWorld;
let s3: S3rver;
let s3dir = '';
let endpoint = '';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

beforeAll(async () => {
  w = await deliveryWorld({ delivery: { wrapTransport: fullDisk } });
  s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-s3-delivery-'));
  // vhostBuckets: false, or s3rver reads the host name s3.test as a CNAME bucket
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, vhostBuckets: false } as ConstructorParameters<typeof S3rver>[0]);
  const info = (await s3.run()) as AddressInfo;
  endpoint = `http://s3.test:${info.port}`;
  const client = new S3Client({ endpoint: `http://127.0.0.1:${info.port}`, region: 'us-east-1', forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: 'press-inbox' }));
  client.destroy();
});
afterAll(async () => {
  await w?.close();
  await s3?.close();
  fs.rmSync(s3dir, { recursive: true, force: true });
});

describe('hot folder delivery', () => {
  it('lands the PDF then its ticket, atomically, under the target directory', async () => {
    const s = await store(w);
    const dir = fs.mkdtempSync(path.join(w.root, 'switch-'));
    await createTarget(w, s, { name: 'Switch', type: 'hot_folder', path: dir, ticket: 'xml' });
    const [d] = await enqueue(w, s, { name: 'Order 12/7: card.pdf' });
    const done = await settled(w, s, d!.id, 'delivered');
    expect(done.remote_path).toBe(path.join(fs.realpathSync(dir), 'Order 12_7_ card.pdf'));
    expect(fs.readdirSync(dir).sort()).toEqual(['Order 12_7_ card.pdf', 'Order 12_7_ card.xml']);
    expect(fs.readFileSync(path.join(dir, 'Order 12_7_ card.pdf'))).toEqual(PDF);
    const xml = fs.readFileSync(path.join(dir, 'Order 12_7_ card.xml'), 'utf8');
    expect(xml).toContain('<file>Order 12_7_ card.pdf</file>');
    expect(xml).toContain('<quantity>250</quantity>');
  });

  it('a full disk is retried and reported; the delivery lands once space is back', async () => {
    const s = await store(w);
    const dir = fs.mkdtempSync(path.join(w.root, 'full-'));
    await createTarget(w, s, { name: 'Full', type: 'hot_folder', path: dir });
    failures = 2;
    const [d] = await enqueue(w, s, { name: 'full.pdf' });
    const done = await settled(w, s, d!.id, 'delivered');
    expect(done.attempts).toBe(3);
    expect(done.attempts_log.map((a: { error: string | null }) => a.error)).toEqual(['ENOSPC: no space left on device, write', 'ENOSPC: no space left on device, write', null]);
    expect(done.last_error).toBeNull();
    expect(fs.readdirSync(dir).sort()).toEqual(['full.jdf', 'full.pdf']);
  });

  it('a disk that stays full fails after the last attempt, keeps the file, and can be retried by hand', async () => {
    const s = await store(w);
    const dir = fs.mkdtempSync(path.join(w.root, 'stuck-'));
    await createTarget(w, s, { name: 'Stuck', type: 'hot_folder', path: dir });
    failures = 3;
    const [d] = await enqueue(w, s, { name: 'stuck.pdf' });
    const failed = await settled(w, s, d!.id, 'failed');
    expect(failed.attempts).toBe(3);
    expect(failed.last_error).toMatch(/ENOSPC/);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(await w.t.deps.blobs.head(failed.file_key)).not.toBeNull();
    const retry = await w.t.app.inject({ method: 'POST', url: `/v1/deliveries/${d!.id}/retry`, headers: as.JS(s) });
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json().data.status).toBe('pending');
    await settled(w, s, d!.id, 'delivered');
    expect(fs.readdirSync(dir).sort()).toEqual(['stuck.jdf', 'stuck.pdf']);
  });

  it('only enabled targets whose deliver includes the kind get a delivery', async () => {
    const s = await store(w);
    const a = await createTarget(w, s, { name: 'Files', type: 'hot_folder', path: fs.mkdtempSync(path.join(w.root, 'a-')), deliver: ['print_files'] });
    await createTarget(w, s, { name: 'Batches', type: 'hot_folder', path: fs.mkdtempSync(path.join(w.root, 'b-')), deliver: ['batches'] });
    await createTarget(w, s, { name: 'Off', type: 'hot_folder', path: fs.mkdtempSync(path.join(w.root, 'c-')), enabled: false });
    const out = await enqueue(w, s, { kind: 'print_files' });
    expect(out.map((d) => d.target_id)).toEqual([a.id]);
  });

  it('a rolled-back order creates no delivery and no job', async () => {
    const s = await store(w);
    await createTarget(w, s, { name: 'Rollback', type: 'hot_folder', path: w.root });
    await w.t.deps.blobs.put('deliveries-test/rollback.pdf', PDF, { contentType: 'application/pdf' });
    await expect(
      w.t.deps.database.db.transaction().execute(async (tx) => {
        const made = await w.t.deps.delivery.deliveries.enqueue(tx, { storeId: s.id, accountId: s.owner.id, kind: 'print_files', file: { key: 'deliveries-test/rollback.pdf', name: 'rb.pdf', contentType: 'application/pdf' }, ticket: ticket() });
        expect(made).toHaveLength(1);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    const list = await w.t.app.inject({ method: 'GET', url: '/v1/deliveries', headers: as.B(s) });
    expect(list.json().data).toEqual([]);
    const jobs = await w.t.deps.database.db.selectFrom('jobs').select('id').where('store_id', '=', s.id).where('type', '=', 'delivery').execute();
    expect(jobs).toEqual([]);
  });

  it('a store can hear deliveries through a webhook on topic deliveries', async () => {
    const s = await store(w);
    await w.t.deps.stores.setTier(s.id, 'pro');
    const hook = await w.t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: as.B(s), payload: { topic: 'deliveries', event: 'delivered', callback_url: 'http://hooks.test:9/in' } });
    expect(hook.statusCode, hook.body).toBe(201);
    await createTarget(w, s, { name: 'Heard', type: 'hot_folder', path: fs.mkdtempSync(path.join(w.root, 'heard-')) });
    const [d] = await enqueue(w, s, { name: 'heard.pdf' });
    await settled(w, s, d!.id, 'delivered');
    const logged = await waitFor(async () => {
      const res = await w.t.app.inject({ method: 'GET', url: `/v1/webhooks/${hook.json().data.id}/deliveries`, headers: as.B(s) });
      return res.json().data[0];
    }, 'the webhook delivery row');
    expect(logged.payload).toMatchObject({ type: 'deliveries.delivered', topic: 'deliveries', event: 'delivered', data: { id: d!.id, status: 'delivered' } });
  });
});

describe('S3 delivery (s3rver)', () => {
  it('puts the PDF and then the JDF under the prefix', async () => {
    const s = await store(w);
    const target = await createTarget(w, s, { name: 'Bucket', type: 's3', bucket: 'press-inbox', prefix: 'incoming/', endpoint, access_key_id: 'S3RVER', secret_access_key: 'S3RVER' });
    expect(target).toMatchObject({ force_path_style: true, endpoint });
    const test = await w.t.app.inject({ method: 'POST', url: `/v1/delivery-targets/${target.id}/test`, headers: as.B(s) });
    expect(test.json().data, test.body).toMatchObject({ ok: true });
    const [d] = await enqueue(w, s, { name: 's3-order.pdf' });
    const done = await settled(w, s, d!.id, 'delivered');
    expect(done.remote_path).toBe('s3://press-inbox/incoming/s3-order.pdf');
    const client = new S3Client({ endpoint: endpoint.replace('s3.test', '127.0.0.1'), region: 'us-east-1', forcePathStyle: true, credentials });
    try {
      const pdf = await client.send(new GetObjectCommand({ Bucket: 'press-inbox', Key: 'incoming/s3-order.pdf' }));
      expect(Buffer.from(await pdf.Body!.transformToByteArray())).toEqual(PDF);
      const jdf = await client.send(new GetObjectCommand({ Bucket: 'press-inbox', Key: 'incoming/s3-order.jdf' }));
      expect(await jdf.Body!.transformToString()).toContain('URL="s3-order.pdf"');
    } finally {
      client.destroy();
    }
  });

  it('a bucket that does not exist is retried, logged and failed', async () => {
    const s = await store(w);
    await createTarget(w, s, { name: 'Missing', type: 's3', bucket: 'no-such-bucket', endpoint, access_key_id: 'S3RVER', secret_access_key: 'S3RVER' });
    const [d] = await enqueue(w, s, { name: 'nobucket.pdf' });
    const failed = await settled(w, s, d!.id, 'failed');
    expect(failed.attempts_log).toHaveLength(3);
    expect(failed.last_error).toMatch(/bucket/i);
  });
});
