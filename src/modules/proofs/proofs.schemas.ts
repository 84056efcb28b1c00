import { Type } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/resource.js';
import { OrderStateSchema } from '../projects/projects.schemas.js';

export const ProofStatusSchema = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('changes_requested'), Type.Literal('superseded')], {
  description: '`pending` (waiting for the customer), `approved`, `changes_requested`, `superseded` (a newer proof of the order replaced it)',
});

export const TokenParam = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200, description: 'The signed token of the approval link' }) });
export const PageParam = Type.Object({ token: TokenParam.properties.token, page: Type.String({ maxLength: 100, description: 'A frozen page id of the proof' }) });

const PdfFile = Type.Object({
  name: Type.String({ description: 'The file name: `<code>-<line>-<product>-<quantity>x[-v<n>]-proof.pdf`' }),
  status: Type.String({ description: 'The proof PDF job: queued, processing, completed, failed' }),
  url: Nullable(Type.String({ description: 'Download link (signed, 24 hours) once completed' })),
});

/** A proof as the shop sees it (store routes, the `proofs.created` webhook). */
export const Proof = Type.Object({
  id: Type.String(),
  project_id: Type.String(),
  snapshot_version: Type.Integer({ description: 'Which freeze of the designs it shows' }),
  status: ProofStatusSchema,
  comment: Nullable(Type.String({ description: "The customer's comment with the decision" })),
  decided_at: Nullable(Type.String()),
  decided_by: Nullable(Type.String({ description: 'The name or e-mail the customer gave' })),
  expires_at: Type.String({ description: 'When the approval link stops working (FOLIO_PROOF_LINK_TTL_HOURS after it was made)' }),
  pdf_job_id: Nullable(Type.String()),
  approval_url: Type.String({ description: 'The page to send the customer: `/proof/{token}`; its API is `/v1/proofs/{token}`' }),
  created_at: Type.String(),
});
export const ProofEnvelope = Type.Object({ data: Proof, message: Type.String() });
export const ProofListEnvelope = Type.Object({ data: Type.Array(Proof), message: Type.String() });

/** A proof as its customer sees it through the link: the order's name, the pages, the PDF. */
export const PublicProof = Type.Object({
  id: Type.String(),
  status: ProofStatusSchema,
  expires_at: Type.String(),
  created_at: Type.String(),
  decided_at: Nullable(Type.String()),
  decided_by: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  project: Type.Object({ name: Type.String(), code: Type.String(), quantity: Type.Integer(), state: OrderStateSchema }),
  pages: Type.Array(
    Type.Object({
      id: Type.String({ description: 'The frozen page' }),
      name: Type.String(),
      position: Type.Integer(),
      image_url: Type.String({ description: 'Its proof image (trim and safe-zone lines, watermark), rendered when first opened (PNG)' }),
    }),
  ),
  pdf: PdfFile,
  actions: Type.Array(Type.Union([Type.Literal('approve'), Type.Literal('request_changes')]), { description: 'What the customer may do now (none once decided, superseded or the order moved on)' }),
});
export const PublicProofEnvelope = Type.Object({ data: PublicProof, message: Type.String() });

export const DecisionBody = Type.Object(
  {
    decision: Type.Union([Type.Literal('approve'), Type.Literal('request_changes')]),
    comment: Type.Optional(Type.String({ maxLength: 2000, description: 'Required to ask for changes: what to change (the order history keeps it as the note)' })),
    name: Type.Optional(Type.String({ maxLength: 200, description: 'Who decides: a name or e-mail, kept with the proof' })),
  },
  { additionalProperties: false, examples: [{ decision: 'request_changes', comment: 'Please use the blue logo', name: 'Ada Lovelace' }] },
);
