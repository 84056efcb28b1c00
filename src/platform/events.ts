import type { DbOrTx } from './db/index.js';

/**
 * Domain events: what happened to a store's or account's objects, for outbound delivery
 * (webhooks) and anything else that must hear of a change without the writer knowing who
 * listens. A writer publishes inside its own transaction (pass `db` = the transaction), so a
 * subscriber that records the event durably commits or rolls back together with the change.
 */
export interface DomainEvent {
  /** the account that owns the object */
  accountId: string;
  /** the store the object belongs to; null for account-level objects (jobs, account keys) */
  storeId: string | null;
  /** e.g. `products`, `sides`, `designs`, `projects`, `templates`, `jobs`, `api_keys` */
  topic: string;
  /** e.g. `POST`, `PUT`, `DELETE`, `POST/batch`, `completed`, `failed`, `rotated`, `revoked` */
  event: string;
  /** the object as its read endpoint returns it */
  data: unknown;
  occurredAt?: string;
}

export type EventSubscriber = (event: DomainEvent, db: DbOrTx | undefined) => Promise<void>;

export class EventBus {
  private readonly subscribers: EventSubscriber[] = [];

  subscribe(subscriber: EventSubscriber): void {
    this.subscribers.push(subscriber);
  }

  /** Awaits every subscriber; a subscriber must be quick (record and return) and not block on I/O outside `db`. */
  async publish(event: DomainEvent, db?: DbOrTx): Promise<void> {
    const stamped = { ...event, occurredAt: event.occurredAt ?? new Date().toISOString() };
    for (const s of this.subscribers) await s(stamped, db);
  }
}
