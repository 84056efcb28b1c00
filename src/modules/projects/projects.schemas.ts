import { Type } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/resource.js';

/** Project (order) statuses (decisions § Designs, projects, PDFs): the seed's coarse view of the lifecycle `state` (docs/orders.md). */
export const ProjectStatus = Type.Union([Type.Literal('processing'), Type.Literal('reviewing'), Type.Literal('accepted'), Type.Literal('trashed')]);

/** The order lifecycle (docs/orders.md): one state at a time, moved by POST /projects/{id}/transitions. */
export const ORDER_STATES = ['draft', 'received', 'proof_pending', 'approved', 'in_production', 'printed', 'shipped', 'cancelled', 'on_hold'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/** `?external_order=<source>:<order id>`: the projects of one shop order (its personalised lines). */
export const ExternalOrderFilter = Type.String({ minLength: 3, maxLength: 300, description: "The projects of one shop order: `<source>:<order id>` of their external_ref, e.g. `shopify:450789469`" });

export const OrderStateSchema = Type.Union(
  ORDER_STATES.map((s) => Type.Literal(s)),
  { description: 'Lifecycle state (docs/orders.md): draft → received → proof_pending → approved → in_production → printed → shipped; cancelled and on_hold from any state before printed' },
);

export const ExternalRef = Type.Object(
  {
    source: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$', examples: ['shopify'], description: 'The shop or system the order comes from' }),
    order_id: Type.String({ minLength: 1, maxLength: 128, examples: ['5012345678901'] }),
    line_item_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 128, examples: ['13012345678901'] }))),
  },
  { additionalProperties: false, description: "The shop's order line this project is: one project per (source, order_id, line_item_id) in a store — creating it again answers the same project" },
);

/** The parcel of a shipped order: kept on the project and sent to the shop it came from (docs/integrations.md). */
export const Tracking = Type.Object(
  {
    number: Type.String({ minLength: 1, maxLength: 255, description: 'The carrier\'s tracking number' }),
    url: Type.Optional(Nullable(Type.String({ maxLength: 2000, pattern: '^https?://', description: 'Tracking page' }))),
    company: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100, examples: ['UPS'], description: 'Carrier' }))),
  },
  { additionalProperties: false, description: 'Only with `to: shipped`', examples: [{ number: '1Z999AA10123456784', company: 'UPS', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' }] },
);

/** Project fields (catalog-reference § 12) plus `code`, the order's reference for the shop, and the order line. */
const fields = {
  name: Type.String({ minLength: 1, maxLength: 255, examples: ['Order #1042 — business cards'] }),
  status: ProjectStatus,
  note: Nullable(Type.String({ maxLength: 10_000 })),
  code: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$', description: 'Order reference; generated (e.g. `P-7K3M9Q2X`) when omitted' }),
  quantity: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Copies ordered (default 1); fixed once the order is received' }),
  external_ref: Nullable(ExternalRef),
};
const partial = Type.Partial(Type.Object(fields)).properties;

export const CreateProject = Type.Object({ ...partial, name: fields.name }, { additionalProperties: false });
export const UpdateProject = Type.Object(partial, { additionalProperties: false });

export const Project = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: ProjectStatus,
  state: OrderStateSchema,
  note: Nullable(Type.String()),
  code: Type.String(),
  quantity: Type.Integer(),
  external_ref: Nullable(Type.Object({ source: Type.String(), order_id: Type.String(), line_item_id: Nullable(Type.String()) })),
  tracking: Nullable(Type.Object({ number: Type.String(), url: Nullable(Type.String()), company: Nullable(Type.String()) }, { description: 'The parcel, given when the order was shipped' })),
  locked_at: Nullable(Type.String({ description: 'When the designs were frozen for this order (entering received); null for a draft' })),
  state_changed_at: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
