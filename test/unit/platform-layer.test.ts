import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/repo-boundary.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PLATFORM = path.join(ROOT, 'src', 'platform');
const MODULES = path.join(ROOT, 'src', 'modules');

/**
 * Files that describe every table by nature and are exempt: the database's type (one
 * declaration every repo types its queries with) and the migrations that create the tables.
 * Moving them beside their modules would split one ordered history; they name tables, they
 * do not read or write a module's rows.
 */
const SCHEMA_FILES = [path.join(PLATFORM, 'db', 'schema.ts'), path.join(PLATFORM, 'db', 'schema-studio.ts'), path.join(PLATFORM, 'db', 'schema-delivery.ts')];
const MIGRATIONS = path.join(PLATFORM, 'db', 'migrations') + path.sep;

/** Tables that platform code owns: no module's rows, so platform may name them. */
const PLATFORM_TABLES = new Set([
  // per-store change counters behind conditional GETs (platform/db/store-versions.ts, platform/http/conditional.ts)
  'store_versions',
]);

/** Literals in platform that spell a table's name but mean something else. */
const NOT_TABLES: Record<string, string[]> = {
  // the default BullMQ queue name
  [path.join(PLATFORM, 'queue', 'bullmq.ts')]: ['jobs'],
  // a plan capability in an OpenAPI example (plans.ts), not the api_keys table
  [path.join(PLATFORM, 'http', 'openapi-examples.ts')]: ['api_keys'],
};

/** The tables the database type declares (`interface DB { name: Table; … }`). */
function declaredTables(): string[] {
  const schema = readFileSync(path.join(PLATFORM, 'db', 'schema.ts'), 'utf8');
  const body = /export interface DB \{([^}]*)\}/.exec(schema)?.[1] ?? '';
  return [...body.matchAll(/^\s*([a-z_]+):/gm)].map((m) => m[1]!);
}

/** A line without its comment: a comment may name an event topic (`designs`) without naming the table. */
function code(line: string): string {
  const t = line.trim();
  if (t.startsWith('*') || t.startsWith('/*') || t.startsWith('//')) return '';
  return line.replace(/\s\/\/ .*$/, '').replace(/\/\*.*?\*\//g, '');
}

const platformFiles = () => sourceFiles(ROOT, ['src/platform']).filter((f) => f.endsWith('.ts'));

/** Import and export specifiers of a file (static, dynamic and type-only). */
function specifiers(src: string): string[] {
  return [...src.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

describe('platform/ knows no domain', () => {
  it('reads the tables from the database type', () => {
    const tables = declaredTables();
    expect(tables).toContain('designs');
    expect(tables).toContain('catalog_products');
    expect(tables.length).toBeGreaterThan(20);
  });

  it('no file in src/platform imports from src/modules', () => {
    const files = platformFiles();
    expect(files.length).toBeGreaterThan(50);
    const findings = files.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((s) => s.startsWith('.') && path.resolve(path.dirname(file), s).startsWith(MODULES + path.sep))
        .map((s) => `${path.relative(ROOT, file)} imports ${s}`),
    );
    expect(findings).toEqual([]);
  });

  it('no file in src/platform names a domain table (the schema type and migrations excepted)', () => {
    const domain = declaredTables().filter((t) => !PLATFORM_TABLES.has(t));
    const quoted = new RegExp(`['"\`](${domain.join('|')})['"\`]`, 'g');
    const findings = platformFiles()
      .filter((f) => !SCHEMA_FILES.includes(f) && !f.startsWith(MIGRATIONS))
      .flatMap((file) => {
        const allowed = new Set(NOT_TABLES[file] ?? []);
        return readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => [...code(line).matchAll(quoted)].filter((m) => !allowed.has(m[1]!)).map((m) => `${path.relative(ROOT, file)}:${i + 1} names ${m[1]}`));
      });
    expect(findings).toEqual([]);
  });
});

describe('composition', () => {
  const MAIN = path.join(ROOT, 'src', 'main');
  const composition = () => [
    ...sourceFiles(ROOT, ['src/main']).filter((f) => f.endsWith('.ts')),
    ...sourceFiles(ROOT, ['src/modules']).filter((f) => path.basename(f) === 'index.ts'),
  ];

  it('src/main (server, worker, CLI) writes no SQL: it calls services', () => {
    const findings = sourceFiles(ROOT, ['src/main'])
      .filter((f) => f.startsWith(MAIN) && f.endsWith('.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (/\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/.test(code(line)) ? [`${path.relative(ROOT, file)}:${i + 1}`] : [])),
      );
    expect(findings).toEqual([]);
  });

  it('the composition root and module builders cast nothing `as never` (a kind’s view is typed with viewOf)', () => {
    const findings = composition().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bas never\b/.test(code(line)) ? [`${path.relative(ROOT, file)}:${i + 1}`] : [])),
    );
    expect(findings).toEqual([]);
  });
});
