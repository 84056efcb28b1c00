/**
 * What the shop floor is told about a print file: the job ticket's facts (docs/delivery.md)
 * from the order, its frozen pages and its product, read in the transaction that finished the
 * file's job.
 */
import type { JobTicket } from '../../engines/jdf/index.js';
import type { PageSpec } from '../../engines/pdf/index.js';
import type { DbOrTx } from '../../platform/db/index.js';
import type { OrderFileRow } from './orders.repo.js';

const PROCESS = ['Cyan', 'Magenta', 'Yellow', 'Black'];

/** Spot inks a page names (`{spot: name}` colours anywhere in its layers), in order of appearance. */
export function spotInks(spec: PageSpec): string[] {
  const out = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (typeof o.spot === 'string') out.add(o.spot);
    for (const child of Object.values(o)) if (child && typeof child === 'object') visit(child);
  };
  visit(spec.layers);
  return [...out];
}

/** The ticket of an order's print file, read through `tx`; null when the file is no order's print file any more. */
export async function printFileTicket(tx: DbOrTx, file: OrderFileRow): Promise<JobTicket | null> {
  const project = await tx.selectFrom('projects').selectAll().where('store_id', '=', file.store_id).where('id', '=', file.project_id).executeTakeFirst();
  if (!project) return null;
  const doc = JSON.parse(project.doc) as { code: string; quantity?: number; external_ref?: JobTicket['orderRef'] };
  const pages = await tx
    .selectFrom('design_snapshots')
    .select(['page', 'product_id'])
    .where('store_id', '=', file.store_id)
    .where('project_id', '=', file.project_id)
    .where('version', '=', file.snapshot_version)
    .orderBy('position')
    .execute();
  if (pages.length === 0) return null;
  const specs = pages.map((p) => (JSON.parse(p.page) as { spec: PageSpec }).spec);
  const productId = pages[0]!.product_id;
  const productRow = productId ? await tx.selectFrom('catalog_products').select(['name', 'doc']).where('store_id', '=', file.store_id).where('id', '=', productId).executeTakeFirst() : undefined;
  const product = productRow ? (JSON.parse(productRow.doc) as { media?: string | null; binding?: JobTicket['binding'] }) : {};
  const first = specs[0]!;
  const colours = (spec: PageSpec | undefined) => (spec ? [...PROCESS, ...spotInks(spec)] : []);
  const bleed = first.bleed ? Math.max(first.bleed.top, first.bleed.right, first.bleed.bottom, first.bleed.left) : null;
  return {
    jobId: doc.code,
    jobName: `Order ${doc.code} — ${productRow?.name ?? project.name}`,
    orderRef: doc.external_ref ?? null,
    product: { id: productId, name: productRow?.name ?? project.name },
    quantity: doc.quantity ?? 1,
    pages: specs.length,
    trim: { width: first.width, height: first.height, unit: first.dimensionUnit },
    bleed,
    media: product.media ?? null,
    // a two-page order line is a front and a back (4/4); more pages are a document: its ink is the union
    colours: specs.length === 2 ? { front: colours(specs[0]), back: colours(specs[1]) } : { front: [...new Set(specs.flatMap((s) => colours(s)))], back: [] },
    binding: product.binding ?? 'none',
    fileName: file.name,
  };
}
