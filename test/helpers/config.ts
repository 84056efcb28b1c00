import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';

/** The working directory the config tests load against (relative paths resolve under it). */
export const CWD = '/srv/folio';

/** Every problem `loadConfig` lists for `env`; fails the test if the environment is accepted. */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, CWD);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}
