import { setting } from './settings.js';

export type Env = Record<string, string | undefined>;

/** Reads declared variables only; literal defaults and integer bounds come from settings.ts. */
export class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    setting(name);
    const v = this.env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  }

  str(name: string, fallback = declared<string>(name)): string {
    return this.raw(name) ?? fallback;
  }

  int(name: string, fallback = declared<number>(name)): number {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    const [min, max] = setting(name).range ?? [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
    if (!/^-?\d+$/.test(v) || Number(v) < min || Number(v) > max) {
      this.problems.push(`${name} must be an integer from ${min} to ${max} (got "${v}")`);
      return fallback;
    }
    return Number(v);
  }

  url(name: string, protocols: string[]): string | null {
    const v = this.raw(name);
    if (v === undefined) return null;
    try {
      const u = new URL(v);
      if (!protocols.includes(u.protocol.replace(/:$/, ''))) {
        this.problems.push(`${name} must use one of ${protocols.join(', ')} (got "${u.protocol}")`);
        return null;
      }
      return v;
    } catch {
      this.problems.push(`${name} must be a URL (got "${v}")`);
      return null;
    }
  }

  bool(name: string, fallback = declared<boolean>(name)): boolean {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    this.problems.push(`${name} must be true or false (got "${v}")`);
    return fallback;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback = declared<T>(name)): T {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(v)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${v}")`);
      return fallback;
    }
    return v as T;
  }
}

/** A variable's literal default from settings.ts; one without any must be given a fallback. */
export function declared<T extends string | number | boolean>(name: string): T {
  const d = setting(name).default;
  if (d === null) throw new Error(`${name} has no literal default in settings.ts: pass the derived one`);
  return d as T;
}
