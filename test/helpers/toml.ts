/**
 * A strict reader for the part of TOML 1.0 that Shopify's app and extension files use (no TOML
 * library is a dependency): comments, `key = value` with bare, quoted or dotted keys, `[table]`
 * and `[[array of tables]]` headers, basic and literal strings on one line, integers, floats,
 * booleans, and one-line arrays of those. Anything else — a multi-line string or array, an
 * inline table, a date, a key defined twice, a stray character — throws with its line number,
 * so a file this reads is valid TOML.
 */
export type TomlValue = string | number | boolean | TomlValue[] | TomlTable;
export interface TomlTable {
  [key: string]: TomlValue;
}

const BARE = /^[A-Za-z0-9_-]+/;

export function parseToml(text: string): TomlTable {
  const root: TomlTable = {};
  let table = root;
  text.split(/\r?\n/).forEach((raw, i) => {
    const fail = (why: string): never => {
      throw new Error(`TOML line ${i + 1}: ${why}: ${raw}`);
    };
    const src = { s: raw.trimStart() };
    const ws = () => void (src.s = src.s.replace(/^[ \t]+/, ''));
    const end = () => {
      ws();
      if (src.s !== '' && !src.s.startsWith('#')) fail('unexpected text');
    };
    const key = (): string[] => {
      const parts: string[] = [];
      for (;;) {
        ws();
        if (src.s.startsWith('"') || src.s.startsWith("'")) parts.push(str());
        else {
          const m = BARE.exec(src.s) ?? fail('a key expected');
          parts.push(m[0]);
          src.s = src.s.slice(m[0].length);
        }
        ws();
        if (!src.s.startsWith('.')) return parts;
        src.s = src.s.slice(1);
      }
    };
    const str = (): string => {
      if (src.s.startsWith("'")) {
        const close = src.s.indexOf("'", 1);
        if (close < 0) fail('unterminated literal string');
        const v = src.s.slice(1, close);
        src.s = src.s.slice(close + 1);
        return v;
      }
      const m = /^"((?:[^"\\]|\\(?:["\\bfnrt/]|u[0-9A-Fa-f]{4}))*)"/.exec(src.s) ?? fail('bad basic string');
      // control characters are not allowed raw in a string (tab is)
      if ([...m[1]!].some((ch) => ch !== '\t' && ch.charCodeAt(0) < 0x20)) fail('control character in a string');
      src.s = src.s.slice(m[0].length);
      return JSON.parse(`"${m[1]}"`) as string;
    };
    const value = (): TomlValue => {
      ws();
      if (src.s.startsWith('"') || src.s.startsWith("'")) return str();
      if (src.s.startsWith('[')) {
        src.s = src.s.slice(1);
        const out: TomlValue[] = [];
        for (;;) {
          ws();
          if (src.s.startsWith(']')) break;
          out.push(value());
          ws();
          if (src.s.startsWith(',')) src.s = src.s.slice(1);
          else if (!src.s.startsWith(']')) fail('"," or "]" expected');
        }
        src.s = src.s.slice(1);
        return out;
      }
      const m = /^(true|false|[+-]?(?:0|[1-9](?:_?\d)*)(?:\.\d(?:_?\d)*)?(?:[eE][+-]?\d+)?)(?=[\s,\]#]|$)/.exec(src.s) ?? fail('unsupported value');
      src.s = src.s.slice(m[0].length);
      return m[1] === 'true' ? true : m[1] === 'false' ? false : Number(m[1]!.replace(/_/g, ''));
    };
    /** The table at `path` under root, made on the way; the last element of an array of tables. */
    const walk = (path: string[], from: TomlTable): TomlTable => {
      let t = from;
      for (const k of path) {
        const next = t[k] ?? (t[k] = {});
        const last = Array.isArray(next) ? next[next.length - 1] : next;
        if (typeof last !== 'object' || last === null || Array.isArray(last)) fail(`${k} is not a table`);
        t = last as TomlTable;
      }
      return t;
    };

    if (src.s === '' || src.s.startsWith('#')) return;
    if (src.s.startsWith('[[')) {
      src.s = src.s.slice(2);
      const path = key();
      if (!src.s.startsWith(']]')) fail('"]]" expected');
      src.s = src.s.slice(2);
      end();
      const parent = walk(path.slice(0, -1), root);
      const name = path[path.length - 1]!;
      const list = parent[name] ?? (parent[name] = []);
      if (!Array.isArray(list)) fail(`${name} is not an array of tables`);
      const t: TomlTable = {};
      (list as TomlValue[]).push(t);
      table = t;
    } else if (src.s.startsWith('[')) {
      src.s = src.s.slice(1);
      const path = key();
      if (!src.s.startsWith(']')) fail('"]" expected');
      src.s = src.s.slice(1);
      end();
      table = walk(path, root);
    } else {
      const path = key();
      if (!src.s.startsWith('=')) fail('"=" expected');
      src.s = src.s.slice(1);
      const v = value();
      end();
      const t = walk(path.slice(0, -1), table);
      const name = path[path.length - 1]!;
      if (name in t) fail(`${name} defined twice`);
      t[name] = v;
    }
  });
  return root;
}
