/**
 * The FOLIO_BG_MODEL description (model-description.ts) and what the model loader does with
 * it, on the 173-byte "redness" model of scripts/make-test-bg-model.ts (red → 1, else → 0).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseModelDescription, readModelDescription } from '../../../../src/engines/vision/segmentation/model-description.js';
import { SegmentationModel, toUnitRange } from '../../../../src/engines/vision/segmentation/model.js';

const JSON_FILE = path.resolve('test/fixtures/bgremove/custom-model/redness.json');
const good = JSON.parse(fs.readFileSync(JSON_FILE, 'utf8'));
const loaded: SegmentationModel[] = [];
afterAll(async () => Promise.all(loaded.map((m) => m.release())));

describe('model description', () => {
  it('resolves the model file from the description’s folder and fills the defaults', () => {
    const spec = readModelDescription(JSON_FILE);
    expect(spec).toMatchObject({ name: 'redness-test', file: path.join(path.dirname(JSON_FILE), 'redness.onnx'), inputSize: 64, scale: '255', activation: 'sigmoid', normalise: 'clip' });
    const minimal = parseModelDescription({ name: 'm', file: '/opt/m.onnx', input: { size: 320, scale: 'max', mean: [0, 0, 0], std: [1, 1, 1] } }, '/etc/folio/m.json');
    expect(minimal).toMatchObject({ file: '/opt/m.onnx', sha256: null, activation: 'none', normalise: 'clip' });
    expect(minimal.fusePerson).toBeUndefined(); // an operator's model is used as it is
  });

  it('names the field at fault', () => {
    const bad = (patch: object): string => {
      try {
        parseModelDescription({ ...good, ...patch }, '/x/m.json');
        return 'accepted';
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(bad({ name: 'Has Spaces' })).toMatch(/^background-removal model description \/x\/m\.json: name must be/);
    expect(bad({ file: '' })).toMatch(/: file must name the ONNX file/);
    expect(bad({ input: { ...good.input, scale: 'unit' } })).toMatch(/: input\.scale must be one of "max", "255"/);
    expect(bad({ input: { ...good.input, size: 4096 } })).toMatch(/: input\.size must be an integer from 32 to 2048/);
    expect(bad({ input: { ...good.input, extra: 1 } })).toMatch(/: input\.extra is not a field of the description/);
    expect(bad({ output: { ...good.output, normalise: 'minmax' } })).toMatch(/: output\.normalise must be one of "clip", "min_max"/);
    expect(bad({ output: { ...good.output, name: '' } })).toMatch(/: output\.name must be a non-empty string/);
    expect(bad({ input: undefined })).toMatch(/: input must be an object/);
  });
});

describe('a described model at load and run', () => {
  it('runs with its own scaling and activation: red is foreground, blue is not', async () => {
    const m = await SegmentationModel.load(readModelDescription(JSON_FILE));
    loaded.push(m);
    const rgb = new Uint8Array(64 * 64 * 3);
    for (let i = 0; i < 64 * 64; i++) rgb.set(i % 64 < 32 ? [230, 20, 20] : [20, 20, 230], i * 3);
    const out = await m.predictSquare(rgb);
    // logit = 8r − 4g − 4b − 1 on values / 255 ("scale": "255"; "max" would divide by 230)
    const expected = (r: number, g: number, b: number): number => 1 / (1 + Math.exp(-((8 * r - 4 * g - 4 * b) / 255 - 1)));
    expect(out[10]).toBeCloseTo(expected(230, 20, 20), 5);
    expect(out[50]).toBeCloseTo(expected(20, 20, 230), 5);
    expect(out[10]).toBeGreaterThan(0.99);
    expect(out[50]).toBeLessThan(0.02);
  });

  it('refuses names the model does not have, and a size it does not answer', async () => {
    const spec = readModelDescription(JSON_FILE);
    await expect(SegmentationModel.load({ ...spec, outputName: 'alpha' })).rejects.toThrow(/output\.name "alpha" is not in the model \(it has mask\)/);
    await expect(SegmentationModel.load({ ...spec, inputName: 'image' })).rejects.toThrow(/input\.name "image" is not in the model \(it has rgb\)/);
    await expect(SegmentationModel.load({ ...spec, sha256: '0'.repeat(64) })).rejects.toThrow(/failed its checksum/);
    const wrongSize = await SegmentationModel.load({ ...spec, inputSize: 32 });
    loaded.push(wrongSize);
    await expect(wrongSize.predictSquare(new Uint8Array(32 * 32 * 3))).rejects.toThrow(/failed to run/);
  });

  it('maps raw outputs to 0..1 as described', () => {
    const logits = Float32Array.from([-4, 0, 4]);
    toUnitRange(logits, 'sigmoid', 'clip');
    expect([...logits].map((v) => v.toFixed(3))).toEqual(['0.018', '0.500', '0.982']);
    const raw = Float32Array.from([0.2, 0.4, 0.6]);
    toUnitRange(raw, 'none', 'min_max');
    expect([...raw].map((v) => v.toFixed(3))).toEqual(['0.000', '0.500', '1.000']);
    const flat = Float32Array.from([1.5, 1.5]); // nothing found: not blown up, only clipped
    toUnitRange(flat, 'none', 'min_max');
    expect([...flat]).toEqual([1, 1]);
  });
});
