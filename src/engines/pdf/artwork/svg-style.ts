/**
 * SVG styling: presentation attributes, simple `<style>` sheets (selectors matched by the
 * DOM, each rule once: see SvgStyles) and `style` attributes, cascaded in that order, with
 * the inherited properties taken from the parent. At-rules and selectors the DOM cannot match
 * are reported as unsupported.
 */

import { cssRules, selectorPlan, splitSelectorList, stripCssComments } from '../../image/svg-css.js';
import { SvgDomIndex } from '../../image/svg-limits.js';

export type Style = Record<string, string>;

function matchesQuietly(el: Element, selector: string): boolean {
  try {
    return el.matches(selector);
  } catch {
    return false;
  }
}

const INHERITED = [
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'color', 'visibility', 'clip-rule',
];
const OWN = ['opacity', 'display', 'clip-path', 'mask', 'filter', 'stop-color', 'stop-opacity', 'marker-start', 'marker-mid', 'marker-end', 'marker', 'vector-effect', 'mix-blend-mode', 'paint-order'];
const PROPS = new Set([...INHERITED, ...OWN]);

/** The root's inherited values (SVG's initial values). */
export const INITIAL_STYLE: Style = { fill: 'black', 'fill-opacity': '1', 'fill-rule': 'nonzero', stroke: 'none', 'stroke-width': '1', 'stroke-opacity': '1', color: 'black', visibility: 'visible', 'clip-rule': 'nonzero' };

function parseDeclarations(text: string, into: Style): void {
  for (const decl of text.split(';')) {
    const i = decl.indexOf(':');
    if (i < 0) continue;
    const k = decl.slice(0, i).trim().toLowerCase();
    const v = decl.slice(i + 1).replace(/!important/i, '').trim();
    if (k && v) into[k] = v;
  }
}

interface Rule {
  selector: string;
  decls: Style;
}

function parseSheet(css: string, unsupported: (name: string) => void): Rule[] {
  const rules: Rule[] = [];
  for (const r of cssRules(css)) {
    if (r.prelude.startsWith('@')) {
      if (!/^@font-face/i.test(r.prelude)) unsupported(`CSS ${r.prelude.split(/\s/)[0]}`);
      continue;
    }
    const decls: Style = {};
    parseDeclarations(r.body, decls);
    rules.push({ selector: r.prelude, decls });
  }
  if (/@media|@supports/i.test(stripCssComments(css))) unsupported('CSS at-rules');
  return rules;
}

/**
 * The style sheets of one document and the cascade over them. Each rule is matched once,
 * up front, against the elements that can match it (those with its rightmost id, class or
 * tag, from the document's index), or by one pass over the document when matching element by
 * element would walk siblings on every call (`~`, `+`, `:not(…)`): the rules that match an
 * element are then a list lookup, not a test of every rule against every element.
 */
export class SvgStyles {
  private readonly rules: Rule[] = [];
  /** element → indices of the rules it matches, ascending (sheet order) */
  private readonly matched = new Map<Element, number[]>();

  constructor(
    svg: Element,
    private readonly unsupported: (name: string) => void,
    index: SvgDomIndex = new SvgDomIndex([svg]),
  ) {
    for (const st of svg.querySelectorAll('style')) this.rules.push(...parseSheet(st.textContent ?? '', unsupported));
    for (const el of index.all) this.matched.set(el, []);
    this.rules.forEach((r, ri) => this.match(svg, index, r, ri));
  }

  private match(svg: Element, index: SvgDomIndex, r: Rule, ri: number): void {
    try {
      svg.matches(r.selector); // a selector the DOM cannot read is reported once, and matches nothing
    } catch {
      this.unsupported(`CSS selector "${r.selector.slice(0, 40)}"`);
      return;
    }
    const hit = (el: Element) => {
      const list = this.matched.get(el);
      if (list && list[list.length - 1] !== ri) list.push(ri);
    };
    for (const part of splitSelectorList(r.selector)) {
      const plan = selectorPlan(part);
      try {
        if (plan.scan) {
          for (const el of svg.ownerDocument.querySelectorAll(part)) hit(el);
          continue;
        }
        const k = plan.key;
        const candidates = k.kind === 'all' ? index.all : ((k.kind === 'id' ? index.byId : k.kind === 'class' ? index.byClass : index.byTag).get(k.name) ?? []);
        for (const el of candidates) if (el.matches(part)) hit(el);
      } catch {
        // a part the DOM reads only within its list: the whole list, element by element
        for (const el of index.all) if (el.matches(r.selector)) hit(el);
      }
    }
  }

  /** Declared style of one element: presentation attributes < sheet rules < style attribute. */
  declared(el: Element): Style {
    const s: Style = {};
    for (const p of PROPS) {
      const v = el.getAttribute(p);
      if (v !== null) s[p] = v.trim();
    }
    const list = this.matched.get(el);
    if (list) for (const ri of list) Object.assign(s, this.rules[ri]!.decls);
    else for (const r of this.rules) if (matchesQuietly(el, r.selector)) Object.assign(s, r.decls); // outside the indexed tree
    const attr = el.getAttribute('style');
    if (attr) parseDeclarations(attr, s);
    return s;
  }

  /** Computed style: inherited properties from the parent unless declared, own properties as declared. */
  computed(el: Element, parent: Style): Style {
    const own = this.declared(el);
    const out: Style = {};
    for (const p of INHERITED) {
      const v = own[p];
      out[p] = v === undefined || v === 'inherit' ? parent[p]! : v;
    }
    for (const p of OWN) if (own[p] !== undefined && own[p] !== 'inherit') out[p] = own[p]!;
    return out;
  }
}
