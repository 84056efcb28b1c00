import type { DbOrTx } from '../../../platform/db/index.js';
import { BuiltMemo, parsedDoc, rowInputs } from '../../../platform/db/built-memo.js';
import type { DocRow } from '../../documents/doc.repo.js';
import { embedded, type EmbeddedImages, type ImagesService } from './images.service.js';

/**
 * A page of documents of one store that embed images by id (a product its `product_image_id`,
 * a side its `side_image_id` and `img_overlay_id`), with one images query for the page.
 * `built`, when given, keeps each row's parsed document and JSON between answers (a list's
 * objects go straight into the answer): rebuilt only when the row or an embedded image reads
 * differently (built-memo.ts).
 */
export async function embeddingPage<J extends object>(
  rows: readonly DocRow[],
  images: ImagesService,
  db: DbOrTx,
  imageFields: readonly string[],
  build: (row: DocRow, doc: Record<string, unknown>, embeds: EmbeddedImages) => J,
  built?: BuiltMemo<object>,
): Promise<J[]> {
  const docs = rows.map((r) => (built ? parsedDoc(built, r) : (JSON.parse(r.doc) as Record<string, unknown>)));
  const embeds = await images.embedMany(rows[0]!.store_id, docs.flatMap((d) => imageFields.map((f) => d[f])), db, built !== undefined);
  return rows.map((r, i) => {
    const doc = docs[i]!;
    if (!built) return build(r, doc, embeds);
    return built.get(r.id, [...rowInputs(r), ...imageFields.map((f) => embedded(embeds, doc[f]))], () => build(r, doc, embeds)) as J;
  });
}
