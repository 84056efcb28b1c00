import type { Aead } from '../../platform/crypto/aead.js';
import { isUuid, newId } from '../../platform/crypto/ids.js';
import type { Db } from '../../platform/db/index.js';
import { mapDbErrors } from '../../platform/db/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { AppError } from '../../platform/http/errors.js';
import { iso, nowIso } from '../../platform/http/resource.js';
import type { StoresService } from '../stores/index.js';
import type { ConnectInput, IntegrationDto, IntegrationTypeName } from './integrations.schemas.js';
import type { IntegrationRow, IntegrationsRepo } from './integrations.repo.js';
import type { ConnectedShop, ShopAdapter } from './shops/types.js';

/**
 * A store's connection to its shop (docs/integrations.md): at most one per store, a shop feeds
 * one store. The webhook secret and API credentials are sealed with the platform Aead (bound to
 * the connection's id) and never answered.
 */
export class IntegrationsService {
  constructor(
    private readonly db: Db,
    private readonly repo: IntegrationsRepo,
    private readonly aead: Aead,
    private readonly stores: StoresService,
    readonly adapters: ReadonlyMap<IntegrationTypeName, ShopAdapter>,
    private readonly publicUrl: string,
  ) {}

  adapter(type: string): ShopAdapter {
    const a = this.adapters.get(type as IntegrationTypeName);
    if (!a) throw AppError.notFound('Integration');
    return a;
  }

  dto(row: IntegrationRow): IntegrationDto {
    return {
      id: row.id,
      store_id: row.store_id,
      type: row.type,
      shop: row.shop,
      status: row.status,
      webhook_url: `${this.publicUrl}/v1/integrations/${row.type}/webhooks`,
      install_url: row.type === 'shopify' && this.connected(row).secrets.client_id ? `${this.publicUrl}/integrations/shopify/install?shop=${encodeURIComponent(row.shop)}` : null,
      topics: [...this.adapter(row.type).topics],
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
  }

  /** The shop with its credentials in the clear, for the intake and the fulfilments. */
  connected(row: IntegrationRow): ConnectedShop {
    return { shop: row.shop, secrets: JSON.parse(this.aead.decrypt(row.secrets_enc, `integration:${row.id}`)) as Record<string, string> };
  }

  async connect(actor: Actor, storeId: string, input: ConnectInput): Promise<IntegrationDto> {
    const store = await this.stores.reach(actor, storeId);
    const adapter = this.adapter(input.type);
    const errors: Record<string, string[]> = {};
    const shop = adapter.normalizeShop(input.shop);
    if ('problem' in shop) errors.shop = [shop.problem];
    const body = input as Record<string, unknown>;
    // a Shopify app may come without its token: the shop's install brings it (shopify-install.ts)
    const awaiting = input.type === 'shopify' && body.access_token === undefined && typeof body.client_id === 'string';
    for (const f of adapter.credentialFields) if (typeof body[f] !== 'string' && !awaiting) errors[f] = [`is required for ${input.type}${input.type === 'shopify' ? ' (or client_id, to install the app)' : ''}`];
    for (const f of ['access_token', 'client_id', 'consumer_key', 'consumer_secret', 'api_key']) {
      if (body[f] !== undefined && !adapter.credentialFields.includes(f) && !(f === 'client_id' && input.type === 'shopify')) errors[f] = [`is not a field of ${input.type}`];
    }
    if (Object.keys(errors).length) throw AppError.validation(errors);
    if ((await this.repo.ofStore(store.id)).length > 0) throw new AppError('conflict', 'the store is already connected to a shop: disconnect it first (DELETE /v1/stores/{store}/integrations/{id})');
    const id = newId();
    const now = nowIso();
    const secrets = Object.fromEntries(['webhook_secret', 'client_id', ...adapter.credentialFields].filter((f) => typeof body[f] === 'string').map((f) => [f, body[f] as string]));
    const row: IntegrationRow = {
      id,
      account_id: actor.userId,
      store_id: store.id,
      type: input.type,
      shop: (shop as { shop: string }).shop,
      status: awaiting ? 'awaiting_install' : 'connected',
      secrets_enc: this.aead.encrypt(JSON.stringify(secrets), `integration:${id}`),
      created_at: now,
      updated_at: now,
    };
    await mapDbErrors(
      () =>
        this.db.transaction().execute(async (tx) => {
          await this.repo.insert(row, tx);
          await this.stores.setIntegration(store.id, input.type, tx);
        }),
      () => new AppError('conflict', 'that shop is already connected to a store (one store per shop), or this store to a shop', { fields: { shop: ['already connected'] } }),
    );
    return this.dto(row);
  }

  /** The Shopify install brought the shop's Admin API token: kept sealed, and the connection connected. */
  async installed(row: IntegrationRow, accessToken: string): Promise<void> {
    const secrets = { ...this.connected(row).secrets, access_token: accessToken };
    await this.repo.setSecrets(row.id, this.aead.encrypt(JSON.stringify(secrets), `integration:${row.id}`), 'connected', nowIso());
  }

  async list(actor: Actor, storeId: string): Promise<IntegrationDto[]> {
    const store = await this.stores.reach(actor, storeId);
    return (await this.repo.ofStore(store.id)).map((r) => this.dto(r));
  }

  async get(actor: Actor, storeId: string, id: string): Promise<IntegrationDto> {
    const store = await this.stores.reach(actor, storeId);
    const row = isUuid(id) ? await this.repo.byId(id) : null;
    if (!row || row.store_id !== store.id) throw AppError.notFound('Integration');
    return this.dto(row);
  }

  async remove(actor: Actor, storeId: string, id: string): Promise<void> {
    const store = await this.stores.reach(actor, storeId);
    if (!isUuid(id)) throw AppError.notFound('Integration');
    await this.db.transaction().execute(async (tx) => {
      if (!(await this.repo.remove(store.id, id, tx))) throw AppError.notFound('Integration');
      await this.stores.setIntegration(store.id, null, tx);
    });
  }
}
