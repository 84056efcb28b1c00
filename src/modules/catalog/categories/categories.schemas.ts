import { Type, type Static } from '@sinclair/typebox';
import { listEnvelope, listQuerySchema } from '../../../platform/http/pagination.js';
import { Nullable, item } from '../../../platform/http/resource.js';

export const CategoryTypeSchema = Type.Union([Type.Literal('product'), Type.Literal('clipart'), Type.Literal('template')]);

export const Category = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: CategoryTypeSchema,
  parent_id: Nullable(Type.String()),
  /** the reference system's response key for parent_id */
  parent_storage_id: Nullable(Type.String()),
  is_default: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type CategoryJson = Static<typeof Category>;

export const CategoryEnvelope = item(Category);
export const CategoryListEnvelope = listEnvelope(Category);
export const CategoryListQuery = Type.Intersect([listQuerySchema(['created_date', 'id', 'name']), Type.Object({ type: Type.Optional(CategoryTypeSchema) })]);
export const CategoryPageQuery = listQuerySchema(['created_date', 'id', 'name']);

export const CreateCategory = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    type: Type.Optional(CategoryTypeSchema),
    parent_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  },
  { additionalProperties: false },
);
export const UpdateCategory = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    type: Type.Optional(CategoryTypeSchema),
    parent_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  },
  { additionalProperties: false },
);
export const CreateClipartStorage = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200 }), parent_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))) },
  { additionalProperties: false },
);
