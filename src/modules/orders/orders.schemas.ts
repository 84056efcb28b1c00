import { Type } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/resource.js';
import { OrderStateSchema, Project, Tracking } from '../projects/projects.schemas.js';

export const TransitionBody = Type.Object(
  {
    to: OrderStateSchema,
    note: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'Why: kept in the history and sent with the webhook' })),
    tracking: Type.Optional(Tracking),
  },
  { additionalProperties: false, examples: [{ to: 'received', note: 'Paid in the shop (order #1042)' }] },
);

export const Transition = Type.Object({
  from: Nullable(OrderStateSchema),
  to: OrderStateSchema,
  at: Type.String(),
  actor: Type.Object({
    type: Type.String({ description: '`store` (store key or secret), `api_key`, `account` (the owner signed in), `customer` (a proof link), `system` (Folio moved it on)' }),
    id: Nullable(Type.String()),
  }),
  note: Nullable(Type.String()),
});
export const HistoryEnvelope = Type.Object({
  data: Type.Array(Transition),
  meta: Type.Object(
    {
      state: OrderStateSchema,
      allowed_transitions: Type.Array(OrderStateSchema, { description: 'States this order may move to next (an order on hold: the state it was held from, cancelled, received)' }),
    },
    { description: 'Where the order is now and where it may move next' },
  ),
  message: Type.String(),
});

export const TransitionResult = Type.Object({
  data: Type.Object({ ...Project.properties, allowed_transitions: Type.Array(OrderStateSchema, { description: 'States this order may move to next' }) }),
  message: Type.String(),
});

export const OrderFile = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('print'), Type.Literal('proof')]),
  name: Type.String({ description: 'The documented file name: `<code>-<line>-<product>-<quantity>x[-v<n>].pdf`' }),
  snapshot_version: Type.Integer({ description: 'Which freeze of the designs it was made from (1 unless the order was re-received)' }),
  job_id: Type.String(),
  status: Type.String({ description: 'The job status: queued, processing, completed, failed' }),
  url: Nullable(Type.String({ description: 'Download link (signed, 24 hours) once completed' })),
  error: Nullable(Type.String()),
  created_at: Type.String(),
});
export const OrderFilesEnvelope = Type.Object({ data: Type.Array(OrderFile), message: Type.String() });

export const SnapshotPage = Type.Object({
  id: Type.String({ description: 'The frozen page id: accepted wherever a design id names a page to print (design_ids of impositions, PDFs)' }),
  design_id: Type.String(),
  product_id: Nullable(Type.String()),
  name: Type.String(),
  position: Type.Integer(),
  hash: Type.String({ description: 'SHA-256 of the frozen page and the bytes of every image and font it uses' }),
  design_updated_at: Type.String(),
  created_at: Type.String(),
});
export const SnapshotEnvelope = Type.Object({
  data: Type.Object({ version: Type.Integer(), locked_at: Type.String(), pages: Type.Array(SnapshotPage) }),
  message: Type.String(),
});
