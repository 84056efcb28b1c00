import { describe, expect, it } from 'vitest';
import { decorationRects } from '../../../../src/engines/pdf/text-decorations.js';
import { FONT_SIZE_FRACTION, FONT_SIZE_MULT, graphemeSplit, layoutText, stylesFromArray, type CompleteStyle, type TextSpec } from '../../../../src/engines/pdf/text-layout.js';

// a font where every glyph is 0.5 em and a space 0.25 em, no kerning: 10 px / 5 px at 20 px
const measurer = { advance: (_s: CompleteStyle, t: string) => [...t].reduce((w, ch) => w + (ch === ' ' ? 0.25 : 0.5), 0) };
const base: CompleteStyle = {
  fill: '#000', stroke: null, strokeWidth: 1, fontSize: 20, fontFamily: 'Test', fontWeight: 'normal', fontStyle: 'normal',
  underline: false, overline: false, linethrough: false, deltaY: 0, textBackgroundColor: '', textDecorationThickness: 66.667,
};
const spec = (over: Partial<TextSpec>): TextSpec => ({
  kind: 'textbox', text: '', width: 100, splitByGrapheme: false, textAlign: 'left', lineHeight: 1.16, charSpacing: 0, base, styles: {}, ...over,
});

describe('Fabric text layout', () => {
  it('lays out a line of 40,000 characters in linear time, graphemes as the segmenter splits them (issue 37)', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const mixed = ['ab c\r\n', 'e\u0301', '👩‍👩‍👧‍👦', '🇫🇷', 'नमस्ते', 'x'.repeat(300), '\u0301', 'ก่'].join('').repeat(60);
    expect(graphemeSplit(mixed)).toEqual(Array.from(segmenter.segment(mixed), (x) => x.segment));
    // once quadratic twice over (the segmenter on the whole line, a line grown by concat per word): seconds
    const text = 'W '.repeat(20_000);
    const t0 = performance.now();
    const l = layoutText(spec({ text, width: 1e9 }), measurer);
    expect(l.lines).toHaveLength(1);
    expect(l.lines[0]!.graphemes).toHaveLength(40_000);
    expect(performance.now() - t0).toBeLessThan(1_500);
  });

  it('wraps a textbox at its width and aligns lines', () => {
    const l = layoutText(spec({ text: 'aaaa bbbb cccc', textAlign: 'center' }), measurer);
    expect(l.lines.map((x) => x.graphemes.join(''))).toEqual(['aaaa bbbb', 'cccc']);
    expect(l.width).toBe(100);
    expect(l.lines.map((x) => x.width)).toEqual([85, 40]);
    expect(l.lines.map((x) => x.leftOffset)).toEqual([7.5, 30]);
    const h = 20 * FONT_SIZE_MULT;
    expect(l.height).toBeCloseTo(h * 1.16 + h, 9);
    expect(l.lines[0]!.baseline).toBeCloseTo(-l.height / 2 + h * (1 - FONT_SIZE_FRACTION), 9);
    expect(l.lines[1]!.baseline).toBeCloseTo(-l.height / 2 + h * 1.16 + h * (1 - FONT_SIZE_FRACTION), 9);
    expect(l.lines[1]!.boxes.map((b) => b.left)).toEqual([0, 10, 20, 30, 40]);
  });

  it('right-aligns and keeps hard line breaks as paragraphs', () => {
    const l = layoutText(spec({ text: 'aa\nbbb b', textAlign: 'right' }), measurer);
    expect(l.lines.map((x) => x.graphemes.join(''))).toEqual(['aa', 'bbb b']);
    expect(l.lines.map((x) => x.leftOffset)).toEqual([80, 55]);
  });

  it('justify widens spaces on wrapped lines (justify-left leaves the last line alone)', () => {
    const j = layoutText(spec({ text: 'aaaa bbbb cccc dd', textAlign: 'justify-left' }), measurer);
    expect(j.lines.map((x) => x.graphemes.join(''))).toEqual(['aaaa bbbb', 'cccc dd']);
    expect(j.lines[0]!.boxes[5]!.left).toBe(45 + 15);
    expect(j.lines[1]!.boxes[5]!.left).toBe(45);
    // Fabric's plain "justify" also spreads the last line
    const all = layoutText(spec({ text: 'aaaa bbbb cccc dd', textAlign: 'justify' }), measurer);
    expect(all.lines[1]!.boxes[5]!.left).toBe(45 + 35);
    expect(all.lines[0]!.chunks).toEqual([{ start: 0, end: 5 }, { start: 5, end: 9 }]);
  });

  it('grows a textbox to its longest word and wraps by grapheme when asked', () => {
    expect(layoutText(spec({ text: 'aaaaaa b', width: 30 }), measurer).width).toBe(60);
    const g = layoutText(spec({ text: 'abcdefg', width: 35, splitByGrapheme: true }), measurer);
    expect(g.lines.map((x) => x.graphemes.join(''))).toEqual(['abc', 'def', 'g']);
  });

  it('adds charSpacing after every grapheme but not at the end of the line width', () => {
    const l = layoutText(spec({ kind: 'text', text: 'abc', charSpacing: 100 }), measurer);
    expect(l.lines[0]!.boxes.slice(0, 3).map((b) => b.left)).toEqual([0, 12, 24]);
    expect(l.width).toBe(34);
    expect(l.lines[0]!.chunks).toEqual([{ start: 0, end: 1 }, { start: 1, end: 2 }, { start: 2, end: 3 }]);
  });

  it('plain text is as wide as its widest line; styles change size, line height and chunks', () => {
    const text = 'aaaa bbbb\ncc';
    const styles = stylesFromArray([{ start: 5, end: 9, style: { fontSize: 40, fill: 'red' } }], text);
    expect(styles).toEqual({ 0: { 5: { fontSize: 40, fill: 'red' }, 6: { fontSize: 40, fill: 'red' }, 7: { fontSize: 40, fill: 'red' }, 8: { fontSize: 40, fill: 'red' } } });
    const l = layoutText(spec({ kind: 'text', text, styles }), measurer);
    expect(l.width).toBe(40 + 5 + 80);
    expect(l.lines[0]!.heightImpl).toBeCloseTo(40 * FONT_SIZE_MULT, 9);
    expect(l.lines[1]!.heightImpl).toBeCloseTo(20 * FONT_SIZE_MULT, 9);
    expect(l.lines[0]!.chunks).toEqual([{ start: 0, end: 5 }, { start: 5, end: 9 }]);
    expect(l.lines[1]!.chunks).toEqual([{ start: 0, end: 2 }]);
  });

  it('places underline and line-through as Fabric does', () => {
    const l = layoutText(spec({ kind: 'text', text: 'ab' }), measurer);
    const s = { ...base, underline: true, linethrough: true };
    const withDeco = layoutText(spec({ kind: 'text', text: 'ab', base: s }), measurer);
    const [u] = decorationRects(withDeco, 'underline', s, 0);
    const [t] = decorationRects(withDeco, 'linethrough', s, 0);
    const thickness = (20 * 66.667) / 1000;
    expect(u).toMatchObject({ x: -10, width: 20 });
    expect(u!.y).toBeCloseTo(l.lines[0]!.baseline + 0.1 * 20, 9);
    expect(u!.height).toBeCloseTo(thickness, 9);
    expect(t!.y).toBeCloseTo(l.lines[0]!.baseline - 0.28167 * 20 - thickness / 2, 9);
  });
});
