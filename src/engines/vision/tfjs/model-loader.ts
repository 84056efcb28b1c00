/**
 * Loads TensorFlow.js models (model.json + binary weight shards) from local disk.
 *
 * Node 20's fetch cannot read file:// URLs and @tensorflow/tfjs-node (which would register
 * a file system handler) cannot be installed here, so we provide the handler ourselves:
 * `diskModelHandler(path)` is an IOHandler for tf.loadLayersModel / tf.loadGraphModel, and
 * `registerFileRouter(tf)` makes `file://…/model.json` URLs resolve to it, for libraries
 * (like @vladmandic/human) that take a model URL rather than a handler.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as TfCore from '@tensorflow/tfjs-core';

type ModelArtifacts = TfCore.io.ModelArtifacts;
type WeightsManifestEntry = TfCore.io.WeightsManifestEntry;

interface ModelJson {
  modelTopology?: unknown;
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
  signature?: unknown;
  userDefinedMetadata?: Record<string, unknown>;
  modelInitializer?: unknown;
  trainingConfig?: unknown;
  weightsManifest?: { paths: string[]; weights: WeightsManifestEntry[] }[];
}

/**
 * The weight shards a manifest names, in the folder of `manifestPath` (a model.json, or a
 * weights-only manifest such as face-api's), concatenated in order with their specs.
 */
export async function readWeightShards(
  manifestPath: string,
  groups: readonly { paths: string[]; weights: WeightsManifestEntry[] }[],
): Promise<{ weightSpecs: WeightsManifestEntry[]; weightData: ArrayBuffer }> {
  const dir = path.dirname(path.resolve(manifestPath));
  const weightSpecs: WeightsManifestEntry[] = [];
  const shards: Buffer[] = [];
  for (const group of groups) {
    weightSpecs.push(...group.weights);
    for (const rel of group.paths) {
      const shardPath = path.resolve(dir, rel);
      // A manifest is data: never let it point the loader outside its own folder.
      if (path.dirname(shardPath) !== dir) throw new Error(`${manifestPath}: weight path ${rel} leaves the model folder`);
      shards.push(await readFile(shardPath));
    }
  }
  const all = Buffer.concat(shards);
  return { weightSpecs, weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer };
}

/** Reads model.json and every shard it names; shards must live beside model.json. */
export async function loadModelArtifacts(modelJsonPath: string): Promise<ModelArtifacts> {
  const json = JSON.parse(await readFile(modelJsonPath, 'utf8')) as ModelJson;
  if (!json.modelTopology) throw new Error(`${modelJsonPath}: no modelTopology`);
  const { weightSpecs, weightData } = await readWeightShards(modelJsonPath, json.weightsManifest ?? []);
  const artifacts: ModelArtifacts = { modelTopology: json.modelTopology as ModelArtifacts['modelTopology'], weightSpecs, weightData };
  if (json.format !== undefined) artifacts.format = json.format;
  if (json.generatedBy !== undefined) artifacts.generatedBy = json.generatedBy;
  if (json.convertedBy !== undefined) artifacts.convertedBy = json.convertedBy;
  if (json.signature !== undefined) artifacts.signature = json.signature as NonNullable<ModelArtifacts['signature']>;
  if (json.userDefinedMetadata !== undefined) artifacts.userDefinedMetadata = json.userDefinedMetadata as NonNullable<ModelArtifacts['userDefinedMetadata']>;
  if (json.modelInitializer !== undefined) artifacts.modelInitializer = json.modelInitializer as NonNullable<ModelArtifacts['modelInitializer']>;
  if (json.trainingConfig !== undefined) artifacts.trainingConfig = json.trainingConfig as NonNullable<ModelArtifacts['trainingConfig']>;
  return artifacts;
}

/** An IOHandler that reads a model from disk (load only). */
export function diskModelHandler(modelJsonPath: string): TfCore.io.IOHandler {
  return { load: () => loadModelArtifacts(modelJsonPath) };
}

const registered = new WeakSet<object>();

/** Routes `file://` model URLs to the disk loader in this tfjs instance (idempotent). */
export function registerFileRouter(tf: typeof TfCore): void {
  if (registered.has(tf.io)) return;
  // A router answers null for URLs it does not handle (tfjs's typings omit the null).
  const router = (url: string | string[]) =>
    typeof url === 'string' && url.startsWith('file://') ? diskModelHandler(fileURLToPath(url)) : null;
  tf.io.registerLoadRouter(router as Parameters<typeof tf.io.registerLoadRouter>[0]);
  registered.add(tf.io);
}
