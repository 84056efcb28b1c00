/**
 * Renders docs/configuration.md from the declared settings (src/config/settings.ts), the one
 * place a variable's type, default and meaning are written. `npm run docs:config` writes the
 * page; test/unit/config-docs.test.ts fails when the committed page differs from this render.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SETTING_GROUPS, SETTINGS, type Setting, type SettingScope } from '../src/config/settings.js';

const SCOPES: Record<SettingScope, string> = {
  shared: 'all, same value',
  api: 'API',
  worker: 'worker',
  each: 'each process',
};

const num = (n: number) => String(n);

function typeOf(s: Setting): string {
  if (s.type === 'integer' && s.range) return `integer ${num(s.range[0])}–${num(s.range[1])}`;
  if (s.type === 'enum' && s.values) return s.values.map((v) => `\`${v}\``).join(', ');
  return s.type;
}

function defaultOf(s: Setting): string {
  if (s.defaultText !== undefined) return s.defaultText;
  if (s.default === null || s.default === '') return 'none';
  return `\`${String(s.default)}\``;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderConfigurationDoc(): string {
  const out: string[] = [
    '<!-- Generated from src/config/settings.ts by `npm run docs:config`; edit that file, not this page. -->',
    '',
    '# Configuration',
    '',
    'Folio reads its whole configuration from the environment, once, at start. A bad value stops',
    'the start with a list of every problem; nothing falls back silently. Below is every variable',
    'it reads, generated from the declarations in `src/config/settings.ts` (a test fails when this',
    'page and the declarations disagree).',
    '',
    'Secrets that are not configured (`FOLIO_JWT_SECRET`, `FOLIO_ENCRYPTION_KEY`, `FOLIO_SIGNING_KEY`)',
    'are generated once into `$FOLIO_DATA_DIR/secrets.json` (mode 0600). That is enough for the',
    'embedded mode (one process); when several processes serve one deployment, give them all the',
    'same values.',
    '',
    '**Processes** says which processes of a scale-out deployment read a variable',
    '([deployment](deployment.md#settings)): *all, same value* must be identical on every API and',
    'worker process; *API* matters to `folio serve`; *worker* to `folio worker` (and to `serve`',
    'while it runs workers, as in the embedded mode); *each process* may differ per process.',
    '',
  ];
  for (const group of SETTING_GROUPS) {
    out.push(`## ${group}`, '', '| variable | type | default | processes | meaning |', '|---|---|---|---|---|');
    for (const s of SETTINGS.filter((x) => x.group === group)) {
      out.push(`| \`${s.name}\` | ${cell(typeOf(s))} | ${cell(defaultOf(s))} | ${SCOPES[s.scope]} | ${cell(s.description)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

export const CONFIGURATION_DOC = new URL('../docs/configuration.md', import.meta.url);

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  fs.writeFileSync(CONFIGURATION_DOC, renderConfigurationDoc());
  console.log(`wrote ${fileURLToPath(CONFIGURATION_DOC)}`);
}
