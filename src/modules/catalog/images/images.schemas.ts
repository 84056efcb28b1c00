import { Type, type Static } from '@sinclair/typebox';
import { listEnvelope, listQuerySchema } from '../../../platform/http/pagination.js';
import { Nullable, batchEnvelope, item } from '../../../platform/http/resource.js';

export const ImageTypeSchema = Nullable(Type.Union([Type.Literal('cliparts'), Type.Literal('designs')]));

export const Image = Type.Object({
  id: Type.String(),
  name: Type.String(),
  url: Type.String({ description: 'Signed link, valid 24 hours' }),
  alt: Type.String(),
  type: ImageTypeSchema,
  mime_type: Type.String(),
  size_bytes: Type.Integer(),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  thumbnails: Type.Object({ small: Nullable(Type.String()), medium: Nullable(Type.String()), custom: Nullable(Type.String()) }),
  is_default: Type.Boolean(),
  license: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type ImageJson = Static<typeof Image>;

export const Clipart = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  name: Type.String(),
  url: Type.String(),
  thumbnail_url: Nullable(Type.String()),
  storages: Type.Array(Type.String()),
  is_global: Type.Boolean(),
  created_at: Type.String(),
});
export type ClipartJson = Static<typeof Clipart>;

export const ImageEnvelope = item(Image);
export const ImageListEnvelope = listEnvelope(Image);
export const ImageBatchEnvelope = batchEnvelope(Image);
export const ClipartListEnvelope = listEnvelope(Clipart);
export const ImageListQuery = Type.Intersect([listQuerySchema(['created_date', 'id', 'name']), Type.Object({ type: Type.Optional(Type.Union([Type.Literal('cliparts'), Type.Literal('designs')])) })]);
export const PageQuery = listQuerySchema(['created_date', 'id', 'name']);

/** Multipart bodies, for the OpenAPI document (parts are read from the stream, not validated here). */
const binary = Type.String({ format: 'binary' });
export const ImageUploadBody = Type.Object({
  file: binary,
  type: Type.Optional(Type.Union([Type.Literal('cliparts'), Type.Literal('designs')])),
  custom_width: Type.Optional(Type.Integer({ minimum: 1, maximum: 4000 })),
});
export const ImageImportBody = Type.Object(
  {
    url: Type.String({ format: 'uri', maxLength: 2048, description: 'An http(s) link to a JPEG, PNG, WebP, TIFF, GIF, SVG or PDF, fetched by the safe fetcher (public addresses only; the size and time limits of every fetch, docs/limits.md)', examples: ['https://shop.example.com/media/logo.png'] }),
    type: Type.Optional(Type.Union([Type.Literal('cliparts'), Type.Literal('designs')])),
    custom_width: Type.Optional(Type.Integer({ minimum: 1, maximum: 4000 })),
  },
  { additionalProperties: false },
);
export const ImageBatchUploadBody = Type.Object({ 'files[]': Type.Array(binary), type: Type.Optional(Type.Union([Type.Literal('cliparts'), Type.Literal('designs')])) });
export const ClipartUploadBody = Type.Object({ file: binary, name: Type.Optional(Type.String()), 'storages[]': Type.Optional(Type.Array(Type.String())) });
export const ClipartBatchUploadBody = Type.Object({ 'files[]': Type.Array(binary) });
export const ClipartUpdate = Type.Object({ storages: Type.Optional(Type.Array(Type.String())), name: Type.Optional(Type.String()) });
