/**
 * An operator's own segmentation model (`FOLIO_BG_MODEL`): an ONNX file and a small JSON that
 * says how to feed it and read it. The contract (docs/background-removal.md, "Your own model"):
 *
 *   {
 *     "name": "isnet-general-use",            // [a-z0-9._-], 1–64; the job's provider is local-<name>
 *     "file": "isnet-general-use.onnx",       // relative to the JSON's folder, or absolute
 *     "sha256": "…64 hex…",                   // optional; checked at every load when given
 *     "input": {
 *       "size": 1024,                         // the square the image is squashed to (NCHW, RGB)
 *       "scale": "max",                       // "max": divide by the image's maximum (U²-Net, ISNet); "255": by 255
 *       "mean": [0.485, 0.456, 0.406],        // then (x − mean) / std per channel
 *       "std": [1, 1, 1],
 *       "name": "input"                       // optional; default the model's first input
 *     },
 *     "output": {
 *       "name": "mask",                       // optional; default the model's first output
 *       "activation": "none",                 // "none" (already 0..1) or "sigmoid" (logits, BiRefNet)
 *       "normalise": "min_max"                // "clip" to 0..1, or "min_max" (rescale, as rembg does)
 *     }
 *   }
 *
 * The output must hold size × size values (shape [1,1,size,size] or [1,size,size]). Anything
 * else in the JSON is refused, so a misspelt field is an error and not a silent default.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ModelSpec } from './model.js';

export class ModelDescriptionError extends Error {
  /** the field at fault, as a path in the JSON (`input.mean`); '' for the file as a whole */
  readonly field: string;
  constructor(file: string, field: string, problem: string) {
    super(`background-removal model description ${file}: ${field ? `${field} ` : ''}${problem}`);
    this.name = 'ModelDescriptionError';
    this.field = field;
  }
}

type Obj = Record<string, unknown>;

const TOP = ['name', 'file', 'sha256', 'input', 'output'];
const INPUT = ['size', 'scale', 'mean', 'std', 'name'];
const OUTPUT = ['name', 'activation', 'normalise'];

/** Reads and checks a description; throws ModelDescriptionError naming the field at fault. */
export function readModelDescription(jsonFile: string): ModelSpec {
  const file = path.resolve(jsonFile);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ModelDescriptionError(file, '', `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ModelDescriptionError(file, '', `is not JSON (${(err as Error).message})`);
  }
  return parseModelDescription(json, file);
}

/** Checks a parsed description; `file` names it in errors and anchors a relative model path. */
export function parseModelDescription(json: unknown, file: string): ModelSpec {
  const fail = (field: string, problem: string): never => {
    throw new ModelDescriptionError(file, field, problem);
  };
  const obj = (v: unknown, field: string, keys: string[]): Obj => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(field, 'must be an object');
    for (const k of Object.keys(v)) if (!keys.includes(k)) fail(field ? `${field}.${k}` : k, `is not a field of the description (allowed: ${keys.join(', ')})`);
    return v as Obj;
  };
  const oneOf = <T extends string>(v: unknown, field: string, values: readonly T[], fallback?: T): T => {
    if (v === undefined && fallback !== undefined) return fallback;
    if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) return fail(field, `must be one of ${values.map((x) => `"${x}"`).join(', ')}`);
    return v as T;
  };
  const optName = (v: unknown, field: string): string | undefined => {
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || v.length === 0) return fail(field, 'must be a non-empty string');
    return v;
  };
  const triple = (v: unknown, field: string, positive: boolean): [number, number, number] => {
    if (!Array.isArray(v) || v.length !== 3 || !v.every((x) => typeof x === 'number' && Number.isFinite(x) && (!positive || x > 0))) {
      return fail(field, `must be an array of 3 ${positive ? 'positive ' : ''}numbers`);
    }
    return v as [number, number, number];
  };

  const top = obj(json, '', TOP);
  if (typeof top.name !== 'string' || !/^[a-z0-9][a-z0-9._-]{0,63}$/.test(top.name)) {
    fail('name', 'must be 1–64 characters of a-z, 0-9, ".", "_" or "-", starting with a letter or digit');
  }
  if (typeof top.file !== 'string' || top.file.length === 0) fail('file', 'must name the ONNX file (relative to the description, or absolute)');
  const modelFile = path.resolve(path.dirname(file), top.file as string);
  let sha256: string | null = null;
  if (top.sha256 !== undefined) {
    if (typeof top.sha256 !== 'string' || !/^[0-9a-f]{64}$/i.test(top.sha256)) fail('sha256', 'must be 64 hex digits (sha256sum of the file)');
    sha256 = (top.sha256 as string).toLowerCase();
  }
  const input = obj(top.input, 'input', INPUT);
  const size = input.size;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 32 || size > 2048) fail('input.size', 'must be an integer from 32 to 2048');
  const scale = oneOf(input.scale, 'input.scale', ['max', '255'] as const);
  const mean = triple(input.mean, 'input.mean', false);
  const std = triple(input.std, 'input.std', true);
  const inputName = optName(input.name, 'input.name');
  const output = obj(top.output ?? {}, 'output', OUTPUT);
  const outputName = optName(output.name, 'output.name');
  const activation = oneOf(output.activation, 'output.activation', ['none', 'sigmoid'] as const, 'none');
  const normalise = oneOf(output.normalise, 'output.normalise', ['clip', 'min_max'] as const, 'clip');
  return {
    name: top.name as string,
    file: modelFile,
    sha256,
    inputSize: size as number,
    mean,
    std,
    scale,
    ...(inputName !== undefined && { inputName }),
    ...(outputName !== undefined && { outputName }),
    activation,
    normalise,
  };
}
