/**
 * Writes the tiny ONNX model that tests FOLIO_BG_MODEL end to end:
 * test/fixtures/bgremove/custom-model/redness.onnx (+ its description, redness.json).
 *
 *   npx tsx scripts/make-test-bg-model.ts
 *
 * The model is one 1×1 convolution over a 64×64 RGB input scaled to 0..1: logit = 8r − 4g − 4b − 1,
 * so it "segments" red and nothing else (red ≈ 1 after the sigmoid the description asks for,
 * green/blue ≈ 0, white 0.27). u2netp would keep any salient shape; a test that gets only the
 * red one knows the custom model ran. No ONNX tooling is needed: the protobuf is written here
 * (field numbers from onnx/onnx.proto), deterministic byte for byte.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/bgremove/custom-model');
const SIZE = 64;

function varint(n: number): number[] {
  const out: number[] = [];
  while (n > 127) {
    out.push((n & 127) | 128);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}
const key = (field: number, wire: number): number[] => varint((field << 3) | wire);
const int = (field: number, n: number): number[] => [...key(field, 0), ...varint(n)];
const bytes = (field: number, b: number[] | Uint8Array): number[] => [...key(field, 2), ...varint(b.length), ...b];
const str = (field: number, s: string): number[] => bytes(field, [...Buffer.from(s, 'utf8')]);
const msg = (field: number, parts: number[][]): number[] => bytes(field, parts.flat());

function tensor(name: string, dims: number[], values: number[]): number[][] {
  const f = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => f.writeFloatLE(v, i * 4));
  return [...dims.map((d) => int(1, d)), int(2, 1), bytes(4, f), str(8, name)];
}
function valueInfo(field: number, name: string, dims: number[]): number[] {
  const shape = dims.map((d) => msg(1, [int(1, d)]));
  return msg(field, [str(1, name), msg(2, [msg(1, [int(1, 1), msg(2, shape)])])]);
}

const graph = [
  msg(1, [str(1, 'rgb'), str(1, 'W'), str(1, 'B'), str(2, 'mask'), str(3, 'redness'), str(4, 'Conv')]),
  str(2, 'redness'),
  msg(5, tensor('W', [1, 3, 1, 1], [8, -4, -4])),
  msg(5, tensor('B', [1], [-1])),
  valueInfo(11, 'rgb', [1, 3, SIZE, SIZE]),
  valueInfo(12, 'mask', [1, 1, SIZE, SIZE]),
];
const model = Buffer.from([...int(1, 7), ...str(2, 'folio-test'), ...msg(7, graph), ...msg(8, [str(1, ''), int(2, 11)])]);

mkdirSync(OUT, { recursive: true });
writeFileSync(path.join(OUT, 'redness.onnx'), model);
const description = {
  name: 'redness-test',
  file: 'redness.onnx',
  sha256: createHash('sha256').update(model).digest('hex'),
  input: { name: 'rgb', size: SIZE, scale: '255', mean: [0, 0, 0], std: [1, 1, 1] },
  output: { name: 'mask', activation: 'sigmoid', normalise: 'clip' },
};
writeFileSync(path.join(OUT, 'redness.json'), `${JSON.stringify(description, null, 2)}\n`);
console.log(`wrote ${model.length} bytes, sha256 ${description.sha256}`);
