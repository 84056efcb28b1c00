import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JDF_XSD } from '../../../src/engines/jdf/index.js';
import type { DomainEvent } from '../../../src/platform/events.js';
import { as } from '../../helpers/factories.js';
import { needs } from '../../helpers/requirements.js';
import { validateXml } from '../../helpers/xmllint.js';
import { startSftpServer, type SftpServer } from './sftp-server.js';
import { createTarget, deliveryWorld, enqueue, getDelivery, PDF, settled, store, type DeliveryWorld } from './world.js';

const gate = needs('sshd', 'xmllint');

describe.skipIf(gate.skip)(`delivery over SFTP to a real sshd${gate.note}`, () => {
  let w: DeliveryWorld;
  let sshd: SftpServer;
  const events: DomainEvent[] = [];

  beforeAll(async () => {
    sshd = await startSftpServer();
    w = await deliveryWorld();
    w.t.deps.events.subscribe(async (e) => void (e.topic === 'deliveries' && events.push(e)));
  });
  afterAll(async () => {
    await w?.close();
    await sshd?.close();
  });

  const sftpTarget = (over: Record<string, unknown> = {}) => ({
    name: 'Prinect inbox',
    type: 'sftp',
    host: 'sftp.test',
    port: sshd.port,
    username: sshd.user,
    private_key: sshd.clientKey,
    remote_dir: sshd.inbox,
    host_key_sha256: sshd.hostFingerprint,
    ...over,
  });

  it('lands the PDF and a valid JDF naming the quantity and trim; the pinned host key matches', async () => {
    const s = await store(w);
    const target = await createTarget(w, s, sftpTarget());
    expect(target).toMatchObject({ has_private_key: true, has_password: false, host_key_sha256: sshd.hostFingerprint.replace(/^SHA256:/, '') });
    const test = await w.t.app.inject({ method: 'POST', url: `/v1/delivery-targets/${target.id}/test`, headers: as.B(s) });
    expect(test.json().data, test.body).toMatchObject({ ok: true, error: null });

    const [d] = await enqueue(w, s, { name: 'sftp-order.pdf', ticket: { quantity: 750, trim: { width: 210, height: 297, unit: 'mm' } } });
    expect(d).toMatchObject({ status: 'pending', target_id: target.id, kind: 'print_files', project_id: 'P-7K3M9Q2X' });
    const done = await settled(w, s, d!.id, 'delivered');
    expect(done.remote_path).toBe(path.posix.join(sshd.inbox, 'sftp-order.pdf'));
    expect(done.attempts).toBe(1);
    expect(done.attempts_log).toHaveLength(1);
    expect(done.attempts_log[0]).toMatchObject({ attempt: 1, error: null });

    expect(fs.readFileSync(path.join(sshd.inbox, 'sftp-order.pdf'))).toEqual(PDF);
    const jdf = fs.readFileSync(path.join(sshd.inbox, 'sftp-order.jdf'), 'utf8');
    const verdict = validateXml(jdf, JDF_XSD);
    expect(verdict.ok, verdict.out).toBe(true);
    expect(jdf).toContain('<ComponentLink rRef="R_Component" Usage="Output" Amount="750"/>');
    expect(jdf).toContain('<FinishedDimensions DataType="ShapeSpan" Actual="595.28 841.89 0"/>');
    expect(jdf).toContain('URL="sftp-order.pdf"');
    expect(fs.readdirSync(sshd.inbox).filter((f) => f.endsWith('.part') || f.startsWith('folio-test-'))).toEqual([]);
    expect(events.some((e) => e.event === 'delivered' && (e.data as { id: string }).id === d!.id && e.storeId === s.id)).toBe(true);
  });

  it('a wrong key is retried and logged, then failed; fixing the target and retrying delivers it, nothing lost', async () => {
    const s = await store(w);
    const target = await createTarget(w, s, sftpTarget({ private_key: sshd.wrongKey }));
    const [d] = await enqueue(w, s, { name: 'wrong-key.pdf' });
    const failed = await settled(w, s, d!.id, 'failed');
    expect(failed.attempts).toBe(3);
    expect(failed.attempts_log).toHaveLength(3);
    for (const a of failed.attempts_log) expect(a.error).toMatch(/authentication|auth/i);
    expect(failed.last_error).toMatch(/authentication|auth/i);
    expect(fs.existsSync(path.join(sshd.inbox, 'wrong-key.pdf'))).toBe(false);
    // one failed event, after the last attempt, not one per attempt
    expect(events.filter((e) => (e.data as { id: string }).id === d!.id).map((e) => e.event)).toEqual(['failed']);
    // the file is still in the blob store
    expect(await w.t.deps.blobs.head(failed.file_key)).not.toBeNull();

    const list = await w.t.app.inject({ method: 'GET', url: `/v1/deliveries?status=failed&target_id=${target.id}`, headers: as.B(s) });
    expect(list.json().data.map((x: { id: string }) => x.id)).toEqual([d!.id]);

    const fix = await w.t.app.inject({ method: 'PUT', url: `/v1/delivery-targets/${target.id}`, headers: as.B(s), payload: { private_key: sshd.clientKey } });
    expect(fix.statusCode, fix.body).toBe(200);
    const retry = await w.t.app.inject({ method: 'POST', url: `/v1/deliveries/${d!.id}/retry`, headers: as.B(s) });
    expect(retry.statusCode, retry.body).toBe(202);
    const done = await settled(w, s, d!.id, 'delivered');
    expect(done.attempts).toBe(4);
    expect(done.attempts_log.map((a: { error: string | null }) => a.error === null)).toEqual([false, false, false, true]);
    expect(fs.readFileSync(path.join(sshd.inbox, 'wrong-key.pdf'))).toEqual(PDF);
    expect(fs.existsSync(path.join(sshd.inbox, 'wrong-key.jdf'))).toBe(true);

    const again = await w.t.app.inject({ method: 'POST', url: `/v1/deliveries/${d!.id}/retry`, headers: as.B(s) });
    expect(again.statusCode, again.body).toBe(409);
  });

  it('refuses a server whose host key does not match the pin', async () => {
    const s = await store(w);
    await createTarget(w, s, sftpTarget({ host_key_sha256: 'SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU' }));
    const [d] = await enqueue(w, s, { name: 'pinned.pdf' });
    const failed = await settled(w, s, d!.id, 'failed');
    expect(failed.last_error).toMatch(/host key .* does not match/);
    expect(fs.existsSync(path.join(sshd.inbox, 'pinned.pdf'))).toBe(false);
    const got = await getDelivery(w, s, d!.id);
    expect(got.attempts_log).toHaveLength(3);
  });
});
