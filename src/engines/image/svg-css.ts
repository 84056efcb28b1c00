/**
 * The little CSS reading SVG artwork needs, written as linear scans (no regular expression
 * that can backtrack over a hostile sheet): comments dropped, rules split out, selector lists
 * split, and each selector's cheapest candidate key (an id, a class or a tag name of its
 * rightmost compound) found, so that a rule is tried only on the elements that can match it.
 * Shared by the limit checks (svg-limits.ts) and the cascade (pdf/artwork/svg-style.ts), so
 * the work the limits count is the work the cascade does.
 */

/**
 * Finds a fixed string at or after positions that only grow: each search starts where the last
 * one stopped, and a string found nowhere is never looked for again (two searches per comment
 * from every comment to the end of the text would be quadratic).
 */
export class Finder {
  private at = -2;
  constructor(
    private readonly s: string,
    private readonly needle: string,
  ) {}
  next(from: number): number {
    if (this.at === -1) return -1;
    if (this.at < from) this.at = this.s.indexOf(this.needle, from);
    return this.at;
  }
}

/** `css` without its comments; an unterminated one is left as it is (what the pattern `/\*[\s\S]*?\*\/` does, in one pass). */
export function stripCssComments(css: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = css.indexOf('/*', at);
    if (open < 0) break;
    const close = css.indexOf('*/', open + 2);
    if (close < 0) break;
    out += css.slice(at, open);
    at = close + 2;
  }
  return at === 0 ? css : out + css.slice(at);
}

export interface CssRuleText {
  /** selector list or at-rule prelude, trimmed */
  prelude: string;
  /** declarations, between the braces */
  body: string;
}

/**
 * The `prelude { body }` pairs of a sheet whose body holds no brace, in order: what the
 * pattern `([^{}]+)\{([^{}]*)\}` finds, in one pass. A block holding blocks (`@media`) gives
 * its inner rules, its own prelude dropped. CDATA markers are removed first.
 */
export function cssRules(sheet: string): CssRuleText[] {
  const text = stripCssComments(sheet).split('<![CDATA[').join('').split(']]>').join('');
  const rules: CssRuleText[] = [];
  const n = text.length;
  const braces = { open: new Finder(text, '{'), close: new Finder(text, '}') };
  const nextBrace = (from: number): number => {
    const a = braces.open.next(from);
    const b = braces.close.next(from);
    return a < 0 ? b : b < 0 ? a : Math.min(a, b);
  };
  let i = 0;
  while (i < n) {
    const open = nextBrace(i);
    if (open < 0) break;
    if (text[open] === '}' || open === i) {
      i = open + 1;
      continue;
    }
    const close = nextBrace(open + 1);
    if (close < 0) break;
    if (text[close] === '{') {
      // a block that opens another: its prelude is no selector; the inner rule starts after it
      i = open + 1;
      continue;
    }
    rules.push({ prelude: text.slice(i, open).trim(), body: text.slice(open + 1, close) });
    i = close + 1;
  }
  return rules;
}

/** A selector list split at its top-level commas (not inside parentheses, brackets or quotes). */
export function splitSelectorList(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if (quote) {
      if (c === quote) quote = '';
      else if (c === '\\') i++;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(list.slice(start).trim());
  return out;
}

/**
 * Where the elements a selector can match are found: `id`, `class` and `tag` name one key of
 * its rightmost compound (ASCII-lowercased: every element a selector matches, in any quirks
 * mode, is among those with that key); `all` means every element. `scan` says the selector
 * should be matched by one pass over the document (querySelectorAll) rather than element by
 * element: sibling combinators, `:has`, and functional pseudo-classes other than `:nth-*`
 * make `Element.matches` walk siblings or subtrees on every call.
 */
export interface SelectorPlan {
  key: { kind: 'id' | 'class' | 'tag'; name: string } | { kind: 'all' };
  scan: boolean;
}

const NTH = /^:nth-(last-)?(child|of-type)$/i;

function isIdent(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 45 || code === 95 || code >= 0x80;
}

export const asciiLower = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

export function selectorPlan(selector: string): SelectorPlan {
  const s = selector.trim();
  // escapes and namespaces: no key can be read safely; one pass over the document
  if (s.includes('\\') || s.includes('|')) return { key: { kind: 'all' }, scan: true };
  let scan = false;
  let depth = 0;
  let quote = '';
  let compound = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '[') depth++;
    else if (c === ']' && depth > 0) depth--;
    else if (c === '(') {
      if (depth === 0) {
        let p = i - 1;
        while (p >= 0 && isIdent(s.charCodeAt(p))) p--;
        if (!(s[p] === ':' && NTH.test(s.slice(p, i)))) scan = true;
      }
      depth++;
    } else if (c === ')' && depth > 0) depth--;
    else if (depth === 0 && (c === '~' || c === '+')) scan = true;
    else if (depth === 0 && (c === ' ' || c === '>' || c === '\t' || c === '\n' || c === '\r' || c === '\f')) compound = i + 1;
  }
  if (/:has\(/i.test(s)) scan = true;
  // `:scope` is the element itself in Element.matches but the root in a document query: element by element
  if (/:scope/i.test(s)) return { key: { kind: 'all' }, scan: false };
  if (scan) return { key: { kind: 'all' }, scan };
  return { key: keyOf(s.slice(compound)), scan: false };
}

/** The id, else the first class, else the type of one compound selector (skipping brackets and parentheses). */
function keyOf(compound: string): SelectorPlan['key'] {
  let cls: string | null = null;
  let depth = 0;
  let quote = '';
  for (let i = 0; i < compound.length; i++) {
    const c = compound[i]!;
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '(') depth++;
    else if ((c === ']' || c === ')') && depth > 0) depth--;
    else if (depth === 0 && (c === '#' || c === '.')) {
      let j = i + 1;
      while (j < compound.length && isIdent(compound.charCodeAt(j))) j++;
      const name = asciiLower(compound.slice(i + 1, j));
      if (c === '#' && name) return { kind: 'id', name };
      if (c === '.' && name && cls === null) cls = name;
      i = j - 1;
    }
  }
  if (cls !== null) return { kind: 'class', name: cls };
  let j = 0;
  while (j < compound.length && isIdent(compound.charCodeAt(j))) j++;
  return j > 0 ? { kind: 'tag', name: asciiLower(compound.slice(0, j)) } : { kind: 'all' };
}

/** How many elements carry each key: what a selector's candidates number. */
export interface KeyCounts {
  elements: number;
  tag(name: string): number;
  cls(name: string): number;
  id(name: string): number;
}

/** The candidates a selector plan has in a document with these counts (every element for a scan). */
export function candidates(plan: SelectorPlan, counts: KeyCounts): number {
  const k = plan.key;
  if (k.kind === 'all') return counts.elements;
  if (k.kind === 'id') return counts.id(k.name);
  if (k.kind === 'class') return counts.cls(k.name);
  return counts.tag(k.name);
}

/**
 * Selectors in the sheets and the element tests matching them takes (Σ candidates over every
 * selector of every style rule; at-rule preludes are no selectors).
 */
export function sheetWork(sheets: readonly string[], counts: KeyCounts): { selectors: number; matches: number } {
  let selectors = 0;
  let matches = 0;
  for (const sheet of sheets) {
    for (const r of cssRules(sheet)) {
      if (r.prelude.startsWith('@')) continue;
      for (const part of splitSelectorList(r.prelude)) {
        selectors++;
        matches += candidates(selectorPlan(part), counts);
      }
    }
  }
  return { selectors, matches };
}
