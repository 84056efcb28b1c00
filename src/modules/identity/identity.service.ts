import { AppError, type FieldErrors } from '../../platform/http/errors.js';
import { newId } from '../../platform/crypto/ids.js';
import { decoyHash, hashPassword, verifyPassword } from '../../platform/crypto/password.js';
import { nowIso } from '../../platform/db/index.js';
import { uncachedLookups, type VerifiedKeyCache } from '../../platform/cache/verified-cache.js';
import type { AccessToken, JwtIssuer } from './jwt.js';
import type { User, IdentityRepo } from './identity.repo.js';

export interface Session extends AccessToken {
  user: User;
}

/** Password rule (decisions.md): 8+ characters with upper, lower, digit and symbol. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push('must be at least 8 characters');
  if (password.length > 128) problems.push('must be at most 128 characters');
  if (!/[a-z]/.test(password)) problems.push('must contain a lower-case letter');
  if (!/[A-Z]/.test(password)) problems.push('must contain an upper-case letter');
  if (!/[0-9]/.test(password)) problems.push('must contain a digit');
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('must contain a symbol');
  return problems;
}

// The schema's minLength cannot see that a name is only spaces; trimmed, it would be stored empty.
const BLANK = 'must not be blank';

/**
 * The HTTP schema checks fields first; these checks also hold for callers that are not
 * HTTP (the CLI's `account create`), which would otherwise store any string.
 */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
function nameProblems(name: string): string[] {
  if (name === '') return [BLANK];
  return name.length > 255 ? ['must be at most 255 characters'] : [];
}
function emailProblems(email: string): string[] {
  return email.length > 254 || !EMAIL_SHAPE.test(email) ? ['must be an e-mail address'] : [];
}
/** One validation error naming every field with a problem. */
function rejectProblems(problems: FieldErrors): void {
  const fields = Object.fromEntries(Object.entries(problems).filter(([, p]) => p.length > 0));
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Hook for other modules to run in the sign-up (the wallet's sign-up grant). */
export type SignupHook = (user: User) => Promise<void>;

export class IdentityService {
  private decoy: Promise<string> | null = null;
  private readonly signupHooks: SignupHook[] = [];

  constructor(
    private readonly users: IdentityRepo,
    private readonly jwt: JwtIssuer,
    private readonly scryptCost: number,
    /** accounts' token versions looked up recently (a JWT's check); dropped in every process when one changes */
    private readonly versions: VerifiedKeyCache<number> = uncachedLookups<number>(),
  ) {}

  onSignup(hook: SignupHook): void {
    this.signupHooks.push(hook);
  }

  async signUp(input: { name: string; email: string; password: string }): Promise<Session> {
    const name = input.name.trim();
    const email = normalizeEmail(input.email);
    rejectProblems({ name: nameProblems(name), email: emailProblems(email), password: passwordProblems(input.password) });
    const hash = await hashPassword(input.password, this.scryptCost);
    const user = await this.users.insert({ id: newId(), name, email, password_hash: hash, now: nowIso() });
    for (const hook of this.signupHooks) await hook(user);
    return { user, ...(await this.jwt.issue(user.id, 0)) };
  }

  async signIn(input: { email: string; password: string }): Promise<Session> {
    const row = await this.users.secretsByEmail(normalizeEmail(input.email));
    // Verify against a decoy when the user is unknown so the timing says nothing.
    const hash = row?.password_hash ?? (await (this.decoy ??= decoyHash(this.scryptCost)));
    const valid = await verifyPassword(input.password, hash);
    if (!row || !valid) throw new AppError('unauthenticated', 'Invalid email or password');
    const user = (await this.users.byId(row.id))!;
    return { user, ...(await this.jwt.issue(row.id, row.token_version)) };
  }

  /** The account with this e-mail address, or null (operators' tools: `folio wallet credit --email`). */
  async findByEmail(email: string): Promise<User | null> {
    return this.users.byEmail(normalizeEmail(email));
  }

  async me(userId: string): Promise<User> {
    const user = await this.users.byId(userId);
    if (!user) throw AppError.notFound('User');
    return user;
  }

  async update(userId: string, patch: { name?: string; email?: string }): Promise<User> {
    const name = patch.name?.trim();
    const email = patch.email === undefined ? undefined : normalizeEmail(patch.email);
    rejectProblems({ name: name === undefined ? [] : nameProblems(name), email: email === undefined ? [] : emailProblems(email) });
    const user = await this.users.update(userId, { ...(name !== undefined ? { name } : {}), ...(email !== undefined ? { email } : {}), now: nowIso() });
    if (!user) throw AppError.notFound('User');
    return user;
  }

  /** Changes the password and invalidates every earlier JWT; returns a fresh session. */
  async updatePassword(userId: string, input: { current_password: string; password: string }): Promise<Session> {
    const row = await this.users.secretsById(userId);
    if (!row) throw AppError.notFound('User');
    if (!(await verifyPassword(input.current_password, row.password_hash))) {
      throw AppError.field('current_password', 'is incorrect');
    }
    const problems = passwordProblems(input.password);
    if (problems.length > 0) throw AppError.validation({ password: problems });
    const version = await this.users.setPassword(userId, await hashPassword(input.password, this.scryptCost), nowIso());
    // every earlier JWT stops here and, before this answers, in every other process
    await this.versions.invalidate({ keys: [userId] });
    return { user: await this.me(userId), ...(await this.jwt.issue(userId, version)) };
  }

  /** A JWT for the account that owns a store (GET /account/render-jwt). */
  async tokenFor(userId: string): Promise<AccessToken> {
    const version = await this.users.tokenVersion(userId);
    if (version === null) throw AppError.notFound('User');
    return this.jwt.issue(userId, version);
  }

  /** The user a JWT stands for, when it verifies and its version is current. */
  async verifyJwt(token: string): Promise<string | null> {
    const claims = await this.jwt.verify(token);
    if (!claims) return null;
    const version = await this.currentVersion(claims.userId);
    return version !== null && version === claims.version ? claims.userId : null;
  }

  /** An account's token version: one lookup while it does not change (a password change drops it everywhere). */
  private async currentVersion(userId: string): Promise<number | null> {
    const cached = this.versions.get(userId);
    if (cached !== undefined) return cached;
    const mark = this.versions.mark();
    const version = await this.users.tokenVersion(userId);
    if (version !== null) this.versions.set(userId, userId, version, mark);
    return version;
  }
}
