/**
 * SVG styling: presentation attributes, simple `<style>` sheets (selectors matched by the
 * DOM) and `style` attributes, cascaded in that order, with the inherited properties taken
 * from the parent. At-rules and selectors the DOM cannot match are reported as unsupported.
 */

export type Style = Record<string, string>;

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
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/<!\[CDATA\[|\]\]>/g, '');
  for (const m of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selector = m[1]!.trim();
    if (selector.startsWith('@')) {
      if (!/^@font-face/i.test(selector)) unsupported(`CSS ${selector.split(/\s/)[0]}`);
      continue;
    }
    const decls: Style = {};
    parseDeclarations(m[2]!, decls);
    rules.push({ selector, decls });
  }
  if (/@media|@supports/i.test(text)) unsupported('CSS at-rules');
  return rules;
}

/** The style sheets of one document and the cascade over them. */
export class SvgStyles {
  private readonly rules: Rule[] = [];

  constructor(svg: Element, private readonly unsupported: (name: string) => void) {
    for (const st of svg.querySelectorAll('style')) this.rules.push(...parseSheet(st.textContent ?? '', unsupported));
  }

  /** Declared style of one element: presentation attributes < sheet rules < style attribute. */
  declared(el: Element): Style {
    const s: Style = {};
    for (const p of PROPS) {
      const v = el.getAttribute(p);
      if (v !== null) s[p] = v.trim();
    }
    for (const r of this.rules) {
      let hit = false;
      try {
        hit = el.matches(r.selector);
      } catch {
        this.unsupported(`CSS selector "${r.selector.slice(0, 40)}"`);
      }
      if (hit) Object.assign(s, r.decls);
    }
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
