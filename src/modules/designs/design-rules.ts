import type { DbOrTx } from '../../platform/db/index.js';
import { designRuleProblems, effectiveRules, type StoredRules } from '../catalog/products/design-rules.js';
import type { CatalogModule } from '../catalog/index.js';
import type { DocRow } from '../documents/doc.repo.js';

/**
 * The layers of a design being saved against its side's and product's design rules
 * (catalog/products/design-rules.ts): each layer field that breaks them, by its path, for a 400.
 * The rules are read as they are now: a design saved before a rule changed is checked on its
 * next save of layers.
 */
export async function ruleProblems(catalog: CatalogModule, storeId: string, doc: Record<string, unknown>, db: DbOrTx): Promise<Record<string, string[]>> {
  if (!Array.isArray(doc.layers) || doc.layers.length === 0) return {};
  const sideRow = await catalog.sides.rowOrNull(storeId, doc.side_id as string, db);
  if (!sideRow) return {};
  const side = JSON.parse(sideRow.doc) as { design_rules?: StoredRules | null };
  const productRow = sideRow.parent_id ? await catalog.products.rowOrNull(storeId, sideRow.parent_id, db) : null;
  const product = productRow ? (JSON.parse(productRow.doc) as { design_rules?: StoredRules | null; spot_inks?: { name: string }[] }) : null;
  const rules = effectiveRules(product?.design_rules, side.design_rules);
  return designRuleProblems(doc.layers, rules, (product?.spot_inks ?? []).map((i) => i.name));
}

/**
 * Why a project's designs cannot be printed as they are under their products' `lock_sides`:
 * each such product must have exactly one design for each of its sides (published or not, as
 * listed by `GET /products/{id}/sides`). null when they can.
 */
export async function lockedSidesProblem(catalog: CatalogModule, storeId: string, rows: readonly DocRow[]): Promise<string | null> {
  const byProduct = new Map<string, DocRow[]>();
  for (const r of rows) if (r.product_id) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r]);
  const problems: string[] = [];
  for (const [productId, designs] of byProduct) {
    const product = await catalog.products.rowOrNull(storeId, productId);
    if (!product || !(JSON.parse(product.doc) as { design_rules?: StoredRules | null }).design_rules?.lock_sides) continue;
    const sides = await catalog.sides.all(storeId, { parentId: productId });
    const count = (sideId: string) => designs.filter((d) => d.parent_id === sideId).length;
    const missing = sides.filter((s) => count(s.id) === 0).map((s) => s.name);
    const twice = sides.filter((s) => count(s.id) > 1).map((s) => s.name);
    if (missing.length) problems.push(`"${product.name}" locks its sides: no design for ${missing.join(', ')}`);
    if (twice.length) problems.push(`"${product.name}" locks its sides: more than one design for ${twice.join(', ')}`);
  }
  return problems.length ? `${problems.join('; ')} (the product's design_rules.lock_sides)` : null;
}
