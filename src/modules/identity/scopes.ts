/** The closed list of scopes (decisions.md § Identity). */
export const SCOPES = [
  'catalog:read',
  'catalog:write',
  'assets:write',
  'designs:read',
  'designs:write',
  'projects:read',
  'projects:write',
  'files:render',
  'keys:read',
  'keys:write',
  'account:read',
  'webhooks:write',
] as const;
export type Scope = (typeof SCOPES)[number];

export const ALL_SCOPES: ReadonlySet<string> = new Set(SCOPES);
/** The public token: browsers and customizers. */
export const PUBLIC_TOKEN_SCOPES: ReadonlySet<string> = new Set(['catalog:read', 'designs:write', 'projects:write', 'assets:write']);

export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}
