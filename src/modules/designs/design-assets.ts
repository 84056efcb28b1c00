import { artworkProblem, findDefaultFamily, LayerValidationError, validateLayers } from '../../engines/pdf/index.js';
import { familyCandidates, GENERIC_FAMILIES } from '../../engines/pdf/fonts/font-registry.js';
import { AppError } from '../../platform/http/errors.js';
import type { FontsService, ImagesService } from '../catalog/index.js';

const TEXT = new Set(['textbox', 'i-text', 'text']);

interface Ref {
  path: string;
  layer: Record<string, unknown>;
  type: string;
}

/** Every layer with its field path (`layers[2]`, `layers[2].objects[0]`), groups and clip paths included. */
function walk(layers: unknown[], base: string, out: Ref[] = []): Ref[] {
  layers.forEach((l, i) => {
    const layer = l as Record<string, unknown>;
    const path = `${base}[${i}]`;
    out.push({ path, layer, type: String(layer.type) });
    if (Array.isArray(layer.objects)) walk(layer.objects, `${path}.objects`, out);
    if (layer.clipPath && typeof layer.clipPath === 'object') out.push({ path: `${path}.clipPath`, layer: layer.clipPath as Record<string, unknown>, type: String((layer.clipPath as Record<string, unknown>).type) });
  });
  return out;
}

/**
 * What a design's layers may name (decisions § Designs): the layer vocabulary the renderer
 * knows, fonts the store registered or the default catalogue has, and images of the store
 * (or the curated defaults). Every problem is named by its field path → 400.
 */
export class DesignAssets {
  constructor(
    private readonly fonts: FontsService,
    private readonly images: ImagesService,
  ) {}

  async check(storeId: string, layers: unknown): Promise<void> {
    let valid: unknown[];
    try {
      valid = validateLayers(layers, 'layers');
    } catch (err) {
      if (err instanceof LayerValidationError) throw AppError.validation(err.fields());
      throw err;
    }
    const errors: Record<string, string[]> = {};
    const known = new Map<string, boolean>();
    for (const { path, layer, type } of walk(valid, 'layers')) {
      if (TEXT.has(type) && typeof layer.fontFamily === 'string' && layer.fontFamily.trim()) {
        const family = layer.fontFamily;
        if (!known.has(family)) known.set(family, await this.fontKnown(storeId, family));
        if (!known.get(family)) errors[`${path}.fontFamily`] = [`font "${family}" is not registered in this store and is not a default font`];
      }
      if (type === 'image') {
        const problem = await this.imageProblem(storeId, layer);
        if (problem) errors[`${path}.${problem.field}`] = [problem.message];
      }
    }
    if (Object.keys(errors).length) throw AppError.validation(errors);
  }

  /** Like a browser: the family list resolves when any name in it is the store's, a default, or a generic family. */
  private async fontKnown(storeId: string, family: string): Promise<boolean> {
    for (const name of familyCandidates(family)) {
      if (GENERIC_FAMILIES[name.toLowerCase()] || findDefaultFamily(name)) return true;
      if (await this.fonts.hasFamily(storeId, name)) return true;
    }
    return false;
  }

  private async imageProblem(storeId: string, layer: Record<string, unknown>): Promise<{ field: string; message: string } | null> {
    if (typeof layer.image_id === 'string') {
      const row = await this.images.usable(storeId, layer.image_id);
      if (!row) return { field: 'image_id', message: 'is not an image of this store' };
      // The print engine reads the image by its id, but the customizer shows `src`: a layer
      // must not show one picture (or a tracking or script link) and print another.
      if (layer.src !== undefined && layer.src !== null && (typeof layer.src !== 'string' || (await this.images.ownImageId(layer.src)) !== layer.image_id.toLowerCase())) {
        return { field: 'src', message: `must be a url of image ${layer.image_id} (the layer's image_id), or left out` };
      }
      return this.artworkUnusable(storeId, row, 'image_id');
    }
    if (typeof layer.src === 'string') {
      const id = await this.images.ownImageId(layer.src);
      const row = id ? await this.images.usable(storeId, id) : null;
      if (row) return this.artworkUnusable(storeId, row, 'src');
      return { field: 'src', message: 'must be the url of an image of this store (upload it with POST /images first), or use image_id' };
    }
    return { field: 'src', message: 'an image layer needs src (an Image url) or image_id' };
  }

  /**
   * A PDF or SVG artwork the print engine cannot place (an encrypted or broken PDF) is refused
   * here, naming the field, instead of failing the PDF job later. Vector uploads only: rasters
   * were decoded at upload. Answers are kept per stored blob (uploads never change).
   */
  private async artworkUnusable(storeId: string, row: { id: string; blob_key: string; mime_type: string }, field: string): Promise<{ field: string; message: string } | null> {
    if (row.mime_type !== 'application/pdf' && row.mime_type !== 'image/svg+xml') return null;
    let problem = artworkChecks.get(row.blob_key);
    if (problem === undefined) {
      problem = await artworkProblem((await this.images.bytes(storeId, row.id)).body);
      if (artworkChecks.size >= 512) artworkChecks.delete(artworkChecks.keys().next().value!);
      artworkChecks.set(row.blob_key, problem);
    }
    return problem ? { field, message: `image ${row.id} cannot be placed in a print file: ${problem}` } : null;
  }
}

/** blob key → why the artwork cannot be printed (null: it can), for the last 512 vector artworks checked */
const artworkChecks = new Map<string, string | null>();
