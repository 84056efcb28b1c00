import { Type, type Static } from '@sinclair/typebox';
import { listEnvelope, listQuerySchema } from '../../../platform/http/pagination.js';
import { Nullable, item } from '../../../platform/http/resource.js';
import { HttpUrl } from '../../../platform/http/http-url.js';

export const Font = Type.Object({
  id: Type.String(),
  name: Type.String(),
  alias: Type.String(),
  subset: Type.String(),
  type: Type.String({ description: 'ttf, otf, woff or woff2' }),
  url: Nullable(Type.String({ description: 'Signed link to the file (24 h); null for a default font' })),
  source_url: Nullable(Type.String()),
  family: Type.String(),
  style: Type.String(),
  weight: Type.Integer(),
  glyph_count: Type.Integer(),
  coverage: Type.Array(Type.String()),
  size_bytes: Type.Integer(),
  is_default: Type.Boolean(),
  license: Nullable(Type.String({ description: "The font's licence: for a default font its licence and package; for the store's own, the note the shop keeps (what the licence allows: print, embedding in PDFs, web); null: none noted" })),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type FontJson = Static<typeof Font>;

export const FontEnvelope = item(Font);
export const FontListEnvelope = listEnvelope(Font);
export const FontsEnvelope = Type.Object({ data: Type.Array(Font), message: Type.String() });
export const FontListQuery = listQuerySchema(['created_date', 'id', 'name']);

/** A shop's note of a font's licence (free text; an empty string clears it). */
const LicenceNote = Type.String({ maxLength: 2000, examples: ['Commercial desktop licence, 5 seats, PDF embedding allowed (order 2024-118)'] });

export const RegisterFont = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    alias: Type.Optional(Type.String({ maxLength: 200 })),
    subset: Type.Optional(Type.String({ maxLength: 200 })),
    url: HttpUrl(),
    type: Type.Optional(Type.String({ maxLength: 20 })),
    license: Type.Optional(LicenceNote),
  },
  { additionalProperties: false },
);
export const UpdateFont = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    alias: Type.Optional(Type.String({ maxLength: 200 })),
    subset: Type.Optional(Type.String({ maxLength: 200 })),
    license: Type.Optional(Nullable(LicenceNote)),
  },
  { additionalProperties: false },
);
export const FontUploadBody = Type.Object({ file: Type.String({ format: 'binary' }), name: Type.Optional(Type.String()), alias: Type.Optional(Type.String()), subset: Type.Optional(Type.String()), license: Type.Optional(Type.String({ maxLength: 2000 })) });
