import { describe, expect, it } from 'vitest';
import { LayerValidationError, checkLayers, validateLayers } from '../../../../src/engines/pdf/index.js';

function issuesOf(input: unknown): { path: string; message: string }[] {
  try {
    validateLayers(input);
  } catch (e) {
    expect(e).toBeInstanceOf(LayerValidationError);
    return (e as LayerValidationError).issues;
  }
  throw new Error('expected a LayerValidationError');
}

describe('validateLayers', () => {
  it('names the index of an unknown layer type', () => {
    const issues = issuesOf([{ type: 'rect', width: 10, height: 10 }, { type: 'rect' }, { type: 'hologram', left: 0 }]);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toBe('layers[2].type');
    expect(issues[0]!.message).toMatch(/unknown layer type "hologram"/);
  });

  it('names nested group children and clip paths', () => {
    const issues = issuesOf([
      { type: 'group', objects: [{ type: 'circle', radius: 5 }, { type: 'group', objects: [{ type: 'blob' }] }] },
      { type: 'image', src: 'a.png', clipPath: { type: 'nope' } },
    ]);
    expect(issues.map((i) => i.path)).toEqual(['layers[0].objects[1].objects[0].type', 'layers[1].clipPath.type']);
  });

  it('accepts Fabric 5 and Fabric 6 type spellings and returns canonical types without mutating input', () => {
    const input = [
      { type: 'Textbox', text: 'a' }, { type: 'IText', text: 'b' }, { type: 'i-text', text: 'c' }, { type: 'Text', text: 'd' },
      { type: 'Image', src: 'x.jpg' }, { type: 'Rect' }, { type: 'Circle' }, { type: 'Ellipse' }, { type: 'Line' },
      { type: 'Polygon', points: [{ x: 0, y: 0 }] }, { type: 'Polyline', points: [{ x: 0, y: 0 }] }, { type: 'Path', path: 'M0 0 L1 1' },
      { type: 'Group', objects: [] }, { type: 'Triangle' },
    ];
    const out = validateLayers(input);
    expect(out.map((l) => l.type)).toEqual(['textbox', 'i-text', 'i-text', 'text', 'image', 'rect', 'circle', 'ellipse', 'line', 'polygon', 'polyline', 'path', 'group', 'triangle']);
    expect(input[0]!.type).toBe('Textbox');
    expect(out[11]!.path).toEqual([['M', 0, 0], ['L', 1, 1]]);
  });

  it('reports every bad property with its path', () => {
    const issues = issuesOf([
      { type: 'rect', left: 'ten', width: -4, fill: 'not-a-colour', flipX: 'yes', originX: 'middle', strokeDashArray: [1, 'a'] },
      { type: 'textbox', text: 42, fontWeight: 'heavy', textAlign: 'middle', styles: [{ start: 3, end: 1, style: {} }] },
      { type: 'image' },
      { type: 'path', path: [['M', 0, 0], ['C', 1, 2]] },
      { type: 'polygon', points: [{ x: 0 }] },
      { type: 'group' },
      'not an object',
    ]);
    const paths = issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining([
      'layers[0].left', 'layers[0].width', 'layers[0].fill', 'layers[0].flipX', 'layers[0].originX', 'layers[0].strokeDashArray',
      'layers[1].text', 'layers[1].fontWeight', 'layers[1].textAlign', 'layers[1].styles[0]',
      'layers[2].src', 'layers[3].path[1]', 'layers[4].points', 'layers[5].objects', 'layers[6]',
    ]));
  });

  it('accepts gradients and rejects malformed ones', () => {
    expect(checkLayers([{ type: 'rect', fill: { type: 'linear', coords: { x1: 0, y1: 0, x2: 1, y2: 0 }, colorStops: [{ offset: 0, color: 'red' }] } }])).toEqual([]);
    const issues = checkLayers([{ type: 'rect', fill: { type: 'conic', coords: {}, colorStops: [] } }, { type: 'rect', fill: { type: 'radial', coords: { x1: 'a' }, colorStops: [{ offset: 0, color: 'nope' }] } }]);
    expect(issues.map((i) => i.path)).toEqual(['layers[0].fill.type', 'layers[1].fill.coords.x1', 'layers[1].fill.colorStops[0]']);
  });

  it('rejects a non-array and exposes the issues as AppError fields', () => {
    try {
      validateLayers({ type: 'rect' });
      throw new Error('no throw');
    } catch (e) {
      expect((e as LayerValidationError).fields()).toEqual({ layers: ['must be an array of layer objects'] });
    }
    expect(checkLayers([])).toEqual([]);
  });
});
