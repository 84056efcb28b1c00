/**
 * The options given to this plugin in medusa-config's `plugins`. Medusa hands plugin options to
 * a plugin's modules, but its subscriber loader passes none to subscribers (2.21: `pluginOptions`
 * is empty), so they are read from the config module: the entry whose `resolve` is this
 * package's name or a path to this package's folder (absolute, or relative to the project root).
 */
import path from 'node:path';

export const PACKAGE_NAME = '@folio/medusa-plugin';
/** This package's folder: the compiled file sits in <package>/.medusa/server/src/lib. */
export const PACKAGE_DIR = path.resolve(__dirname, '..', '..', '..', '..');

type PluginEntry = string | { resolve?: string; options?: Record<string, unknown> };

export function findPluginOptions(
  given: Record<string, unknown> | undefined,
  plugins: PluginEntry[] | undefined,
): Record<string, unknown> | undefined {
  if (given && Object.keys(given).length > 0) return given;
  for (const entry of plugins ?? []) {
    if (typeof entry === 'string' || !entry.resolve) continue;
    const r = entry.resolve;
    // a path is absolute or relative to the project root (Medusa runs from it)
    const ours = r === PACKAGE_NAME || (/^(\/|\.)/.test(r) && path.resolve(process.cwd(), r) === PACKAGE_DIR);
    if (ours) return entry.options ?? {};
  }
  return undefined;
}
