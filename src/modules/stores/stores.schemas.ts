import { Type } from '@sinclair/typebox';
import { listEnvelope, listQuerySchema } from '../../platform/http/pagination.js';
import { HttpUrl } from '../../platform/http/http-url.js';

const NullableString = (max: number) => Type.Union([Type.String({ maxLength: max }), Type.Null()]);
const Url = Type.Union([HttpUrl(), Type.Null()]);

export const StoreSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  shop_url: Type.Union([Type.String(), Type.Null()]),
  view_store_url: Type.Union([Type.String(), Type.Null()]),
  timezone: Type.Union([Type.String(), Type.Null()]),
  integration_type: Type.Union([Type.String(), Type.Null()]),
  is_integrated: Type.Boolean(),
  google_font_api: Type.Union([Type.String(), Type.Null()]),
  unsplash_key: Type.Union([Type.String(), Type.Null()]),
  pixabay_key: Type.Union([Type.String(), Type.Null()]),
  pexels_key: Type.Union([Type.String(), Type.Null()]),
  tier: Type.String({ description: 'Plan tier: free, pro, advanced, premium, enterprise' }),
  output_profile: Type.Union([Type.String(), Type.Null()], { description: "Default CMYK output profile of the store's print and merge files (a product's own default comes first); null: the service default `swop`" }),
  editor_background_removal: Type.Boolean({
    description: "Whether the store's editor (the customizer, on the public token) may remove the background of an image, each removal paid from the store owner's wallet (150 tokens); default false",
  }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  sid: Type.Optional(Type.String({ description: 'Only with ?include=credentials' })),
  secret: Type.Optional(Type.String({ description: 'Only with ?include=credentials' })),
  unauth_token: Type.Optional(Type.String({ description: 'Only with ?include=credentials' })),
});

const storeFields = {
  shop_url: Type.Optional(Url),
  view_store_url: Type.Optional(Url),
  timezone: Type.Optional(NullableString(64)),
  google_font_api: Type.Optional(NullableString(512)),
  unsplash: Type.Optional(NullableString(512)),
  pixabay: Type.Optional(NullableString(512)),
  pexels: Type.Optional(NullableString(512)),
  output_profile: Type.Optional(
    Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()], {
      description: 'Default CMYK output profile for print (`POST /designs/{id}/pdf`, `/projects/{id}/pdf`) and merge jobs that name none and whose product sets none: `fogra39`, `fogra29`, `gracol2006`, `swop` (or another installed id; unknown is a 400); null clears it',
    }),
  ),
  editor_background_removal: Type.Optional(
    Type.Boolean({ description: "Let the store's editor remove backgrounds (`POST /images/{id}/remove-background`), each paid from the owner's wallet (150 tokens); default false" }),
  ),
};

export const CreateStoreBody = Type.Object({ store_name: Type.String({ minLength: 1, maxLength: 255 }), ...storeFields });
export const UpdateStoreBody = Type.Object({ store_name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })), ...storeFields });

export const IncludeQuery = Type.Object({
  include: Type.Optional(Type.String({ maxLength: 100, description: '`credentials` adds sid, secret and unauth_token (never for the public token)' })),
});
export const StoreParams = Type.Object({ store: Type.String({ maxLength: 64 }) });
export const StoreListQuery = listQuerySchema(['created_date', 'name', 'id']);

export const StoreEnvelope = Type.Object({ data: StoreSchema, message: Type.String() });
export const StoreListEnvelope = listEnvelope(StoreSchema);
export const DeletedEnvelope = Type.Object({ message: Type.String() });
export const CredentialsEnvelope = Type.Object({
  data: Type.Object({ sid: Type.String(), secret: Type.String(), unauth_token: Type.String() }),
  message: Type.String(),
});

export function wantsCredentials(include: string | undefined): boolean {
  return (include ?? '').split(',').map((s) => s.trim()).includes('credentials');
}
