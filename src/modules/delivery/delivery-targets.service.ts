import { performance } from 'node:perf_hooks';
import type { Aead } from '../../platform/crypto/aead.js';
import { isUuid, newId } from '../../platform/crypto/ids.js';
import { iso } from '../../platform/db/index.js';
import { FetchError, SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import type { Actor } from '../../platform/http/auth.js';
import { AppError, type FieldErrors } from '../../platform/http/errors.js';
import type { ListQuery, ListResult, PageContext } from '../../platform/http/pagination.js';
import type { DeliveryRepo, TargetRow } from './delivery.repo.js';
import { KINDS, type CreateTargetInput, type TargetDto, type TargetType, type UpdateTargetInput } from './delivery.schemas.js';
import { normalizeFingerprint, reason, resolveHotFolder, type OpenTarget, type TransportOpener } from './transports/index.js';

/** Whose targets: the calling credential's store (B, J+S, a store key, or an account key naming one). */
export interface StoreScope {
  storeId: string;
  accountId: string;
}

export function storeScope(actor: Actor): StoreScope {
  if (!actor.storeId) throw new AppError('bad_request', 'Delivery targets belong to a store: name it with the X-Service-Store-Sid header');
  return { storeId: actor.storeId, accountId: actor.userId };
}

const SECRET_FIELDS = ['password', 'private_key', 'access_key_id', 'secret_access_key'] as const;
type Merged = Partial<Record<string, unknown>> & { type: TargetType };
const HOST_RE = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const BUCKET_RE = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Delivery targets: validation (per type), sealed secrets, CRUD, and the connection test. */
export class DeliveryTargetsService {
  constructor(
    private readonly repo: DeliveryRepo,
    private readonly aead: Aead,
    private readonly fetcher: SafeFetcher,
    private readonly roots: readonly string[],
    private readonly open: TransportOpener,
    private readonly now: () => number,
    private readonly testTimeoutMs: number,
  ) {}

  private aad = (id: string) => `delivery-target:${id}`;

  secretsOf(row: TargetRow): Record<string, string> {
    return row.secrets_enc ? (JSON.parse(this.aead.decrypt(row.secrets_enc, this.aad(row.id))) as Record<string, string>) : {};
  }

  /** The stored target with its secrets opened, for a transport. */
  opened(row: TargetRow): OpenTarget {
    return { id: row.id, type: row.type, settings: JSON.parse(row.settings), secrets: this.secretsOf(row) } as OpenTarget;
  }

  toDto(row: TargetRow): TargetDto {
    const settings = JSON.parse(row.settings) as Record<string, unknown>;
    const secrets = this.secretsOf(row);
    const has = (k: string) => typeof secrets[k] === 'string' && secrets[k] !== '';
    const extra =
      row.type === 'sftp'
        ? { has_password: has('password'), has_private_key: has('private_key') }
        : row.type === 's3'
          ? { has_access_key_id: has('access_key_id'), has_secret_access_key: has('secret_access_key') }
          : {};
    return {
      id: row.id,
      store_id: row.store_id,
      name: row.name,
      type: row.type,
      enabled: row.enabled === 1,
      ticket: row.ticket,
      deliver: JSON.parse(row.deliver) as TargetDto['deliver'],
      ...(settings as Partial<TargetDto>),
      ...extra,
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
    };
  }

  /** Checks a whole target (the stored one with the changes applied); every problem at once, by field. */
  private async validate(m: Merged): Promise<{ settings: Record<string, unknown>; secrets: Record<string, string> }> {
    const errors: FieldErrors = {};
    const bad = (field: string, message: string) => void (errors[field] ??= []).push(message);
    const str = (k: string) => (typeof m[k] === 'string' ? (m[k] as string) : undefined);
    const need = (k: string) => {
      const v = str(k);
      if (v === undefined || v.trim() === '') bad(k, `is required for ${m.type} targets`);
      return v?.trim() ?? '';
    };
    const others = (allowed: readonly string[]) => {
      for (const k of ['path', 'host', 'port', 'username', 'password', 'private_key', 'remote_dir', 'host_key_sha256', 'bucket', 'prefix', 'region', 'endpoint', 'access_key_id', 'secret_access_key', 'force_path_style']) {
        if (!allowed.includes(k) && m[k] !== undefined && m[k] !== null) bad(k, `does not apply to ${m.type} targets`);
      }
    };
    const secrets: Record<string, string> = {};
    for (const k of SECRET_FIELDS) if (typeof m[k] === 'string' && m[k] !== '') secrets[k] = m[k] as string;
    let settings: Record<string, unknown>;
    if (m.type === 'hot_folder') {
      others(['path']);
      const p = need('path');
      if (p) await resolveHotFolder(p, this.roots).catch((err: Error) => bad('path', err.message));
      settings = { path: p };
    } else if (m.type === 'sftp') {
      others(['host', 'port', 'username', 'password', 'private_key', 'remote_dir', 'host_key_sha256']);
      const host = need('host').toLowerCase().replace(/^\[|\]$/g, '');
      if (host && !HOST_RE.test(host) && !/^[0-9a-f:.]+$/i.test(host)) bad('host', 'must be a host name or an IP address');
      else if (host) await this.checkAddress('host', host, bad);
      const username = need('username');
      if (!secrets.password && !secrets.private_key) bad('password', 'or private_key is required for sftp targets');
      if (secrets.private_key) {
        const ssh2 = (await import('ssh2')).default;
        const parsed = ssh2.utils.parseKey(secrets.private_key);
        if (parsed instanceof Error) bad('private_key', 'must be an unencrypted private key in OpenSSH or PEM form');
      }
      const dir = str('remote_dir') ?? '.';
      if (dir.split('/').includes('..') || dir.includes('\0')) bad('remote_dir', 'must not contain .. segments');
      const pinRaw = str('host_key_sha256');
      const pin = pinRaw ? normalizeFingerprint(pinRaw) : null;
      if (pinRaw && !pin) bad('host_key_sha256', 'must be a SHA256 fingerprint such as SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU');
      settings = { host, port: typeof m.port === 'number' ? m.port : 22, username, remote_dir: dir, host_key_sha256: pin };
    } else {
      others(['bucket', 'prefix', 'region', 'endpoint', 'access_key_id', 'secret_access_key', 'force_path_style']);
      const bucket = need('bucket');
      if (bucket && !BUCKET_RE.test(bucket)) bad('bucket', 'must be a valid S3 bucket name');
      const prefix = str('prefix') ?? '';
      if (prefix.startsWith('/') || prefix.split('/').includes('..')) bad('prefix', 'must be relative, without .. segments');
      const region = str('region') ?? 'us-east-1';
      if (!/^[a-z0-9-]{1,32}$/.test(region)) bad('region', 'must be an AWS region name such as eu-central-1');
      const endpoint = str('endpoint') ?? null;
      if (endpoint) await this.checkUrl(endpoint, bad);
      if (!secrets.access_key_id) bad('access_key_id', 'is required for s3 targets (the server\'s own credentials are never used)');
      if (!secrets.secret_access_key) bad('secret_access_key', 'is required for s3 targets');
      settings = { bucket, prefix, region, endpoint, force_path_style: typeof m.force_path_style === 'boolean' ? m.force_path_style : endpoint !== null };
    }
    if (Object.keys(errors).length > 0) throw AppError.validation(errors);
    return { settings, secrets };
  }

  private async checkAddress(field: string, host: string, bad: (f: string, m: string) => void): Promise<void> {
    try {
      await this.fetcher.checkHost(host, 5000);
    } catch (err) {
      if (!(err instanceof FetchError)) throw err;
      bad(field, err.code === 'dns_failed' ? 'has a host name that does not resolve' : 'points to an address that is not reachable from this service');
    }
  }

  private async checkUrl(url: string, bad: (f: string, m: string) => void): Promise<void> {
    try {
      await this.fetcher.assertAllowed(url, 5000);
    } catch (err) {
      const app = SafeFetcher.toAppError(err, 'endpoint');
      for (const m of app.options.fields?.endpoint ?? []) bad('endpoint', m);
    }
  }

  private async find(storeId: string, id: string): Promise<TargetRow> {
    const row = isUuid(id) ? await this.repo.targetOf(storeId, id) : null;
    if (!row) throw AppError.notFound('Delivery target');
    return row;
  }

  async create(scope: StoreScope, input: CreateTargetInput): Promise<TargetDto> {
    const { settings, secrets } = await this.validate({ ...input });
    const id = newId();
    const now = new Date(this.now()).toISOString();
    const row = await this.repo.insertTarget({
      id,
      account_id: scope.accountId,
      store_id: scope.storeId,
      name: input.name.trim(),
      type: input.type,
      enabled: input.enabled === false ? 0 : 1,
      ticket: input.ticket ?? 'jdf',
      deliver: JSON.stringify(input.deliver ?? KINDS),
      settings: JSON.stringify(settings),
      secrets_enc: Object.keys(secrets).length > 0 ? this.aead.encrypt(JSON.stringify(secrets), this.aad(id)) : null,
      created_at: now,
      updated_at: now,
    });
    return this.toDto(row);
  }

  list(scope: StoreScope, query: ListQuery, ctx: PageContext): Promise<ListResult<TargetDto>> {
    return this.repo.listTargets(scope.storeId, query, ctx).then((page) => ({ ...page, rows: page.rows.map((r) => this.toDto({ ...r, enabled: Number(r.enabled) })) }));
  }

  async get(scope: StoreScope, id: string): Promise<TargetDto> {
    return this.toDto(await this.find(scope.storeId, id));
  }

  /** Changes a target: the stored one with the given fields applied is validated whole; a secret given null is removed. */
  async update(scope: StoreScope, id: string, input: UpdateTargetInput): Promise<TargetDto> {
    const row = await this.find(scope.storeId, id);
    const type = input.type ?? row.type;
    const kept = type === row.type ? { ...(JSON.parse(row.settings) as Record<string, unknown>), ...this.secretsOf(row) } : {};
    const merged: Merged = { ...kept, ...input, type };
    const { settings, secrets } = await this.validate(merged);
    const out = await this.repo.updateTarget(scope.storeId, row.id, {
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
      ...(input.ticket !== undefined ? { ticket: input.ticket } : {}),
      ...(input.deliver !== undefined ? { deliver: JSON.stringify(input.deliver) } : {}),
      type,
      settings: JSON.stringify(settings),
      secrets_enc: Object.keys(secrets).length > 0 ? this.aead.encrypt(JSON.stringify(secrets), this.aad(row.id)) : null,
      updated_at: new Date(this.now()).toISOString(),
    });
    if (!out) throw AppError.notFound('Delivery target');
    return this.toDto(out);
  }

  async remove(scope: StoreScope, id: string): Promise<void> {
    const row = await this.find(scope.storeId, id);
    await this.repo.removeTarget(scope.storeId, row.id);
  }

  /** Writes `folio-test-<ts>.txt` and removes it: ok, or the reason it failed. */
  async test(scope: StoreScope, id: string): Promise<{ ok: boolean; error: string | null; file: string; duration_ms: number }> {
    const row = await this.find(scope.storeId, id);
    const file = `folio-test-${this.now()}.txt`;
    const started = performance.now();
    const signal = AbortSignal.timeout(this.testTimeoutMs);
    let error: string | null = null;
    let transport: Awaited<ReturnType<TransportOpener>> | null = null;
    try {
      transport = await this.open(this.opened(row));
      const body = Buffer.from(`Folio connection test of delivery target ${row.name} at ${new Date(this.now()).toISOString()}\n`);
      await raceAbort(transport.put([{ name: file, body, contentType: 'text/plain' }], signal), signal);
      await raceAbort(transport.remove(file, signal), signal);
    } catch (err) {
      error = reason(err);
    } finally {
      await transport?.close().catch(() => undefined);
    }
    return { ok: error === null, error, file, duration_ms: Math.round(performance.now() - started) };
  }
}

/** Ends a wait at the deadline even when a library ignores the signal (a stalled SSH handshake). */
export function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('timed out'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
