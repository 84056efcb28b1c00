/**
 * The SVG limits (docs/limits.md, "SVG artwork"): the pre-scan of the text counts what the DOM
 * will hold (never less depth, whatever HTML-parser trick the text plays), runs in linear time
 * on text built to make patterns backtrack, and the cascade matching each rule once gives
 * exactly what testing every rule against every element gave.
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { cssRules, selectorPlan, stripCssComments } from '../../../../src/engines/image/svg-css.js';
import { checkSvgDom, MAX_SVG_DEPTH, SvgLimitExceeded } from '../../../../src/engines/image/svg-limits.js';
import { scanSvg } from '../../../../src/engines/image/svg-scan.js';
import { externalUrlIn, sanitizeSvg } from '../../../../src/engines/image/svg-sanitize.js';
import { SvgStyles } from '../../../../src/engines/pdf/artwork/svg-style.js';
import { packSvgArtwork, parseSvgArtwork, unpackSvgArtwork } from '../../../../src/engines/pdf/artwork/svg-parse.js';
import { cssHeavySvg, deepSvg, hostileSvgs } from '../../../helpers/hostile.js';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const window = new JSDOM('').window;
const parse = (text: string) => new window.DOMParser().parseFromString(text, 'text/html');
/** Depth of the DOM the HTML parser builds of `text` (the body's children at 1). */
function domDepth(text: string): number {
  let max = 0;
  const todo: Array<[Element, number]> = [...parse(text).body.children].map((e) => [e, 1]);
  while (todo.length) {
    const [el, level] = todo.pop()!;
    max = Math.max(max, level);
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) todo.push([c, level + 1]);
  }
  return max;
}

function limitOf(f: () => unknown): string | null {
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof SvgLimitExceeded) return e.limit;
    throw e;
  }
}

describe('scanSvg', () => {
  it('counts elements, depth, style text, selectors and the element tests they take', () => {
    const svg = `<?xml version="1.0"?><!DOCTYPE svg><!-- a > b --><svg ${NS}><style><![CDATA[.a, #b { fill: red } rect { fill: blue } @media print { g rect { stroke: none } }]]></style>
      <g class="a A"><rect class="a" id="b" title="x > y"/><rect/></g><circle class="c"/></svg>`;
    const s = scanSvg(svg);
    expect(s).toMatchObject({ elements: 6, depth: 3 });
    expect(s.styleBytes).toBeGreaterThan(80);
    // .a: 2 elements, #b: 1, rect: 2, g rect: 2 (keyed by its rightmost compound)
    expect([s.selectors, s.selectorMatches]).toEqual([4, 7]);
  });

  it('names the limit each hostile SVG passes', () => {
    for (const h of hostileSvgs()) expect(limitOf(() => scanSvg(h.data)), h.label).toBe(h.limit);
    // <svg>, the groups, the <rect>: MAX_SVG_DEPTH levels with MAX_SVG_DEPTH - 2 groups
    expect(limitOf(() => scanSvg(deepSvg(MAX_SVG_DEPTH - 2)))).toBeNull();
    expect(limitOf(() => scanSvg(deepSvg(MAX_SVG_DEPTH - 1)))).toBe('MAX_SVG_DEPTH');
    expect(limitOf(() => scanSvg(cssHeavySvg(400, 400)))).toBeNull();
    expect(limitOf(() => scanSvg(cssHeavySvg(600, 600)))).toBe('MAX_SVG_SELECTOR_MATCHES');
  });

  it('never counts less depth than the HTML parser builds, whatever the text plays on it', () => {
    const n = 300;
    const tricks: Record<string, string> = {
      'HTML breakout, then self-closing tags that do not close': `<svg ${NS}><p></p>${'<g/>'.repeat(n)}</svg>`,
      'children of <title> are HTML': `<svg ${NS}><title>${'<g/>'.repeat(n)}</title></svg>`,
      'children of <foreignObject> are HTML': `<svg ${NS}><foreignObject>${'<div/>'.repeat(n)}</foreignObject></svg>`,
      'an abrupt comment <!--> ends at once': `<svg ${NS}><!-->${'<g>'.repeat(n)}--></svg>`,
      'a quote in an attribute name opens no value': `<svg ${NS}><g a"b>${'<g>'.repeat(n)}<g c="d"></svg>`,
      'CDATA is a bogus comment in HTML content': `<svg ${NS}><p></p><![CDATA[>${'<b>'.repeat(n)}]]></svg>`,
      'a doctype ends at its first >': `<!DOCTYPE svg [ <!ENTITY x "y"> ${'<g>'.repeat(n)} ]><svg ${NS}></svg>`,
      'end tags of no open element are ignored': `<svg ${NS}>${'<g></x>'.repeat(n)}</svg>`,
      'an end tag reaching HTML content does not close SVG': `<svg ${NS}><foreignObject><span><div>${'<svg></span>'.repeat(n)}</div></span></foreignObject></svg>`,
      'MathML text integration points': `<math><mi>${'<x/>'.repeat(n)}</mi></math><svg ${NS}></svg>`,
    };
    for (const [label, text] of Object.entries(tricks)) {
      const dom = domDepth(text);
      expect(dom, `${label}: the trick builds a deep DOM`).toBeGreaterThan(MAX_SVG_DEPTH);
      expect(limitOf(() => scanSvg(text)), label).toBe('MAX_SVG_DEPTH');
    }
    // and a well-formed document is counted exactly, HTML inside foreignObject and all
    const plain = `<svg ${NS}><title>t</title><g><g><rect/></g><circle/></g><foreignObject><div><p>x<br/></p></div></foreignObject>${'<rect/>'.repeat(n)}</svg>`;
    expect(scanSvg(plain).depth).toBe(domDepth(plain));
    expect(scanSvg(plain).depth).toBe(5);
  });

  it('runs in linear time on text built to make patterns backtrack (5 MB each, well under a second apiece)', () => {
    const MB5 = 5 * 1024 * 1024;
    const fill = (unit: string) => unit.repeat(Math.floor(MB5 / unit.length));
    const texts = [
      `<svg ${NS}>${fill('<!--')}`, // comments that never end
      `<svg ${NS}>${fill('<!--a-->')}</svg>`, // and many that do (no search to the end per comment)
      `<svg ${NS}><g ${fill('a="')}`, // an unterminated value
      `<svg ${NS}><g ${fill('x=1 ')}/></svg>`,
      `<svg ${NS}>${fill('< a ')}</svg>`,
      `<svg ${NS}><style>${fill('}')}`,
    ];
    for (const text of texts) {
      const start = performance.now();
      limitOf(() => scanSvg(text));
      expect(performance.now() - start, text.slice(0, 40)).toBeLessThan(1_500);
    }
    // the CSS reading and the sanitiser's url() check, on 256 KiB and 5 MB of their worst text
    const css = [fill('}').slice(0, 262_144), fill('/*').slice(0, 262_144), fill('a{').slice(0, 262_144), fill('a ').slice(0, 262_144)];
    for (const text of css) {
      const start = performance.now();
      cssRules(text);
      stripCssComments(text);
      expect(performance.now() - start).toBeLessThan(1_000);
    }
    const start = performance.now();
    expect(externalUrlIn(fill('url(#a'))).toBe(true);
    expect(externalUrlIn(fill('url(#a) '))).toBe(false);
    expect(performance.now() - start).toBeLessThan(1_000);
  });
});

describe('checkSvgDom and the sanitiser', () => {
  it('hold the limits on the DOM itself, and a sanitised SVG within them is unchanged in kind', () => {
    const doc = parse(`<svg ${NS}><p></p>${'<g/>'.repeat(300)}</svg>`);
    expect(limitOf(() => checkSvgDom([...doc.body.children]))).toBe('MAX_SVG_DEPTH');
    expect(limitOf(() => sanitizeSvg(deepSvg(5_000)))).toBe('MAX_SVG_DEPTH');
    const ok = sanitizeSvg(Buffer.from(`<svg ${NS} width="4" height="4"><style>.a{fill:url(#g)} .b{fill:url(http://x/y)}</style><rect class="a"/></svg>`)).toString();
    expect(ok).toContain('<rect class="a"');
    expect(ok).not.toContain('http://x/y'); // a sheet referring outside the document is emptied, as before
  });
});

describe('selectorPlan', () => {
  it('keys a selector by the id, else the first class, else the type of its rightmost compound; scans for sibling and functional selectors', () => {
    expect(selectorPlan('g > .St0.b:hover')).toEqual({ key: { kind: 'class', name: 'st0' }, scan: false });
    expect(selectorPlan('svg #Logo.a')).toEqual({ key: { kind: 'id', name: 'logo' }, scan: false });
    expect(selectorPlan('rect:nth-child(2n+1)')).toEqual({ key: { kind: 'tag', name: 'rect' }, scan: false });
    expect(selectorPlan('[class="a.b"] path')).toEqual({ key: { kind: 'tag', name: 'path' }, scan: false });
    expect(selectorPlan('*')).toEqual({ key: { kind: 'all' }, scan: false });
    expect(selectorPlan('rect ~ .a')).toEqual({ key: { kind: 'all' }, scan: true });
    expect(selectorPlan('g + rect')).toEqual({ key: { kind: 'all' }, scan: true });
    expect(selectorPlan('rect:not(.a)')).toEqual({ key: { kind: 'all' }, scan: true });
    expect(selectorPlan('.a\\:b')).toEqual({ key: { kind: 'all' }, scan: true });
  });
});

describe('SvgStyles', () => {
  /** The cascade as it was: every rule tested against the element, in sheet order. */
  function bruteForce(svg: Element, el: Element): Record<string, string> {
    const out: Record<string, string> = {};
    for (const st of svg.querySelectorAll('style')) {
      for (const r of cssRules(st.textContent ?? '')) {
        if (r.prelude.startsWith('@')) continue;
        let hit = false;
        try {
          hit = el.matches(r.prelude);
        } catch {
          /* unsupported selector */
        }
        if (!hit) continue;
        for (const decl of r.body.split(';')) {
          const i = decl.indexOf(':');
          if (i > 0 && decl.slice(i + 1).trim()) out[decl.slice(0, i).trim().toLowerCase()] = decl.slice(i + 1).replace(/!important/i, '').trim();
        }
      }
    }
    return out;
  }

  it('gives each element exactly the declarations testing every rule against it gave', () => {
    const sheet = `
      .St0 { fill: #010101 } .st0 { stroke: #020202 } #Logo { fill: #030303 } #logo { opacity: 0.5 }
      rect { stroke-width: 2 } RECT { stroke-width: 3 } g > rect { fill-opacity: 0.4 } svg rect.b { stroke-opacity: 0.3 }
      rect:nth-child(2n+1) { stroke-linecap: round } rect:first-child { stroke-linejoin: bevel } circle:last-of-type { fill: #040404 }
      rect ~ circle { stroke: #050505 } rect + rect { fill: #060606 } g :not(.a) { visibility: hidden }
      [fill] { color: #070707 } [class~="b"] { color: #080808 } *, .a { display: inline } g rect, circle.c { marker: none }
      svg > g { clip-rule: evenodd } lineargradient, linearGradient { stop-color: #090909 } a[href] { opacity: 0.9 }
      rect::before { fill: #0a0a0a } .a:hover { fill: #0b0b0b } :nth-child(3) { stroke-dasharray: 1 2 } @media print { rect { fill: #0c0c0c } }
      .b, .a.c, #x .b { stroke-miterlimit: 7 }`;
    const body = `<g class="a"><rect class="st0 b" id="LOGO"/><rect fill="red" class="b"/><rect class="A"/><circle class="c"/><circle/></g>
      <g><linearGradient id="g"><stop/></linearGradient><rect class="st0"/><g><rect class="b a" id="x"/></g></g><a href="#g"><rect/></a>`;
    const doc = parse(`<svg ${NS}><style>${sheet}</style>${body}</svg>`);
    const svg = doc.querySelector('svg')!;
    const reported: string[] = [];
    const styles = new SvgStyles(svg, (n) => reported.push(n));
    const all = [svg, ...svg.querySelectorAll('*')];
    for (const el of all) {
      const ours = styles.declared(el);
      const theirs = bruteForce(svg, el);
      for (const k of Object.keys(ours)) if (el.getAttribute(k) !== null && !(k in theirs)) delete ours[k]; // presentation attributes
      expect({ el: el.outerHTML.slice(0, 60), ...ours }).toEqual({ el: el.outerHTML.slice(0, 60), ...theirs });
    }
    expect(reported).toContain('CSS at-rules');
    // an at-rule inside a comment is no at-rule (as before: comments are dropped first)
    const quiet: string[] = [];
    new SvgStyles(parse(`<svg ${NS}><style>/* @media print */ .a { fill: red }</style><rect class="a"/></svg>`).querySelector('svg')!, (n) => quiet.push(n));
    expect(quiet).toEqual([]);
  });
});

describe('packSvgArtwork', () => {
  it('sends a drawing tree back from the sandbox in chunks that rebuild it exactly', async () => {
    const group = (d: number): string => (d === 0 ? '<rect width="2" height="3" fill="red"/>' : `<g opacity="0.5" transform="translate(${d} 0)">${group(d - 1)}<circle r="${d}"/></g>`);
    const svg = `<svg ${NS} viewBox="0 0 10 10"><g/>${group(40)}${'<path d="M0 0L1 1Z" stroke="blue"/>'.repeat(1_200)}<g><g/></g></svg>`;
    const art = parseSvgArtwork(Buffer.from(svg), 10, 10);
    const packed = packSvgArtwork(art);
    expect(packed.chunks.length).toBeGreaterThan(2);
    expect(await unpackSvgArtwork(packed)).toEqual(art);
  });
});
