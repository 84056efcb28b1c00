import type { Ts } from './schema.js';

/** Tables of src/modules/integrations (migrations/0021-integrations.ts). */
export type IntegrationType = 'shopify' | 'woocommerce' | 'medusa';

export interface StoreIntegrationsTable {
  id: string;
  account_id: string;
  store_id: string;
  type: IntegrationType;
  /** Shopify: the shop's myshopify.com domain; WooCommerce and Medusa: the shop's base URL */
  shop: string;
  /** `awaiting_install`: a Shopify app not installed yet (no Admin API token); `uninstalled`: the shop removed it */
  status: 'connected' | 'awaiting_install' | 'uninstalled';
  /** Aead of a JSON object: webhook_secret and the type's API credentials */
  secrets_enc: string;
  created_at: Ts;
  updated_at: Ts;
}

export interface IntegrationInboxTable {
  integration_id: string;
  /** `delivery:<the shop's delivery id>` (a webhook) or `line:<order id>:<line id>` (a claim on an order line) */
  key: string;
  topic: string;
  /** a delivery's raw body, for its job; null for claims */
  body: string | null;
  job_id: string | null;
  received_at: Ts;
  /** null while (or if) handling did not finish: a retry after a while handles it again */
  handled_at: Ts | null;
}

export interface IntegrationTables {
  store_integrations: StoreIntegrationsTable;
  integration_inbox: IntegrationInboxTable;
}
