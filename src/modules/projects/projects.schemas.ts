import { Type } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/resource.js';

/** Project (order) statuses (decisions § Designs, projects, PDFs). */
export const ProjectStatus = Type.Union([Type.Literal('processing'), Type.Literal('reviewing'), Type.Literal('accepted'), Type.Literal('trashed')]);

/** Project fields (catalog-reference § 12) plus `code`, the order's reference for the shop. */
const fields = {
  name: Type.String({ minLength: 1, maxLength: 255, examples: ['Order #1042 — business cards'] }),
  status: ProjectStatus,
  note: Nullable(Type.String({ maxLength: 10_000 })),
  code: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$', description: 'Order reference; generated (e.g. `P-7K3M9Q2X`) when omitted' }),
};
const partial = Type.Partial(Type.Object(fields)).properties;

export const CreateProject = Type.Object({ ...partial, name: fields.name }, { additionalProperties: false });
export const UpdateProject = Type.Object(partial, { additionalProperties: false });

export const Project = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: ProjectStatus,
  note: Nullable(Type.String()),
  code: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
