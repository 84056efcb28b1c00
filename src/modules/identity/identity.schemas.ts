import { Type } from '@sinclair/typebox';

export const UserSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  email: Type.String(),
  email_verified_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

const Email = Type.String({ format: 'email', maxLength: 254 });
const Password = Type.String({ minLength: 1, maxLength: 128 });

export const SignUpBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  email: Email,
  password: Type.String({ maxLength: 128, description: '8+ characters with upper, lower, digit and symbol' }),
});

export const SignInBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }), password: Password });

export const UpdateAccountBody = Type.Object(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })), email: Type.Optional(Email) },
  { minProperties: 1 },
);

export const PasswordUpdateBody = Type.Object({
  current_password: Password,
  password: Type.String({ maxLength: 128 }),
});

export const TokenSchema = Type.Object({
  token_type: Type.Literal('bearer'),
  access_token: Type.String(),
  expires_in: Type.Integer({ description: 'seconds' }),
});

export const SessionEnvelope = Type.Object({
  data: Type.Object({ user: UserSchema, ...TokenSchema.properties }),
  message: Type.String(),
});
export const UserEnvelope = Type.Object({ data: UserSchema, message: Type.String() });
export const TokenEnvelope = Type.Object({ data: TokenSchema, message: Type.String() });
