/**
 * Renders the Liquid of the Shopify extension's blocks the way a storefront would, for tests
 * (no Liquid renderer is a dependency): `{{ value | filter }}` outputs, `{% liquid %}`,
 * `assign`, `if`/`elsif`/`else`/`endif` with `==`, `!=`, `and`, `or` and `blank`, `comment`,
 * whitespace control (`{%-`, `-}}`), and the filters escape, t, strip, default. `schema` is
 * left out, as Shopify does. Any other tag or filter throws, so a block that grows beyond this
 * subset fails its test instead of rendering wrongly.
 */
export type Ctx = Record<string, unknown>;

interface Options {
  /** the storefront locale file (locales/<lang>.json), for `t` */
  locale: Record<string, unknown>;
}

type Tag = { kind: 'tag'; name: string; markup: string };
type Node = { kind: 'text'; text: string } | { kind: 'out'; expr: string } | Tag;

const at = (obj: unknown, path: string[]): unknown => path.reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
const isBlank = (v: unknown) => v === undefined || v === null || v === false || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function tokenize(src: string): Node[] {
  src = src.replace(/\{%-?\s*schema\s*-?%\}[\s\S]*?\{%-?\s*endschema\s*-?%\}/g, '').replace(/\{%-?\s*comment\s*-?%\}[\s\S]*?\{%-?\s*endcomment\s*-?%\}/g, '');
  const out: Node[] = [];
  const re = /\{\{(-?)([\s\S]*?)(-?)\}\}|\{%(-?)([\s\S]*?)(-?)%\}/g;
  let last = 0;
  let trimNext = false;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    let text = src.slice(last, m.index);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (m[1] === '-' || m[4] === '-') text = text.replace(/\s+$/, '');
    if (text) out.push({ kind: 'text', text });
    trimNext = m[3] === '-' || m[6] === '-';
    last = re.lastIndex;
    if (m[2] !== undefined) out.push({ kind: 'out', expr: m[2].trim() });
    else {
      const body = m[5]!.trim();
      const name = /^\w+/.exec(body)?.[0] ?? '';
      if (name === 'liquid') {
        for (const line of body.slice(6).split('\n').map((l) => l.trim()).filter(Boolean)) {
          const n = /^\w+/.exec(line)![0];
          out.push({ kind: 'tag', name: n, markup: line.slice(n.length).trim() });
        }
      } else out.push({ kind: 'tag', name, markup: body.slice(name.length).trim() });
    }
  }
  let tail = src.slice(last);
  if (trimNext) tail = tail.replace(/^\s+/, '');
  if (tail) out.push({ kind: 'text', text: tail });
  return out;
}

export function renderLiquid(src: string, ctx: Ctx, opts: Options): string {
  const vars: Ctx = { ...ctx };
  const literal = (s: string): unknown => {
    const q = /^'([^']*)'$|^"([^"]*)"$/.exec(s);
    if (q) return q[1] ?? q[2];
    if (s === 'blank' || s === 'empty') return BLANK;
    if (s === 'true' || s === 'false') return s === 'true';
    if (s === 'nil' || s === 'null') return null;
    if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
    if (!/^[A-Za-z_][\w-]*(\.[\w-]+)*$/.test(s)) throw new Error(`liquid-lite: unsupported expression ${s}`);
    return at(vars, s.split('.'));
  };
  const evaluate = (expr: string): unknown => {
    const [head, ...filters] = expr.split('|').map((p) => p.trim());
    let v = literal(head!);
    for (const f of filters) {
      const [name, arg] = f.split(':').map((p) => p.trim());
      if (name === 'escape') v = escapeHtml(String(v ?? ''));
      else if (name === 'strip') v = String(v ?? '').trim();
      else if (name === 'default') v = isBlank(v) ? literal(arg!) : v;
      else if (name === 't') {
        const hit = at(opts.locale, String(v).split('.'));
        if (typeof hit !== 'string') throw new Error(`liquid-lite: no translation for ${String(v)}`);
        v = hit;
      } else throw new Error(`liquid-lite: unsupported filter ${name}`);
    }
    return v;
  };
  const BLANK = Symbol('blank');
  const compare = (cond: string): boolean => {
    const m = /^(.+?)\s*(==|!=)\s*(.+)$/.exec(cond);
    if (!m) return !isBlank(evaluate(cond)) && evaluate(cond) !== false;
    const [a, b] = [literal(m[1]!.trim()), literal(m[3]!.trim())];
    const eq = b === BLANK ? isBlank(a) : a === BLANK ? isBlank(b) : a === b;
    return m[2] === '==' ? eq : !eq;
  };
  // Liquid reads `and`/`or` right to left, without precedence
  const truth = (cond: string): boolean => {
    const m = /^(.*?)\s+(and|or)\s+(.*)$/.exec(cond);
    if (!m) return compare(cond.trim());
    return m[2] === 'and' ? compare(m[1]!.trim()) && truth(m[3]!) : compare(m[1]!.trim()) || truth(m[3]!);
  };

  const nodes = tokenize(src);
  let i = 0;
  /** Renders until one of `stops` (at depth 0); answers the tag that stopped it. */
  const run = (emit: boolean, stops: string[]): { out: string; stop: Tag | null } => {
    let out = '';
    while (i < nodes.length) {
      const n = nodes[i++]!;
      if (n.kind === 'text') out += emit ? n.text : '';
      else if (n.kind === 'out') out += emit ? String(evaluate(n.expr) ?? '') : '';
      else if (stops.includes(n.name)) return { out, stop: n };
      else if (n.name === 'assign') {
        const m = /^([\w-]+)\s*=\s*(.+)$/.exec(n.markup) ?? [];
        if (!m[1]) throw new Error(`liquid-lite: bad assign ${n.markup}`);
        if (emit) vars[m[1]] = evaluate(m[2]!);
      } else if (n.name === 'if') {
        let taken = false;
        let cond = n.markup;
        for (;;) {
          const branch = emit && !taken && (cond === '' || truth(cond));
          const r = run(branch, ['elsif', 'else', 'endif']);
          if (branch) {
            out += r.out;
            taken = true;
          }
          if (!r.stop) throw new Error('liquid-lite: if without endif');
          if (r.stop.name === 'endif') break;
          cond = r.stop.name === 'else' ? '' : r.stop.markup;
        }
      } else throw new Error(`liquid-lite: unsupported tag ${n.name}`);
    }
    if (stops.length) throw new Error(`liquid-lite: missing ${stops.join(' or ')}`);
    return { out, stop: null };
  };
  return run(true, []).out;
}
