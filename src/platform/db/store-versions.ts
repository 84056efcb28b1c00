import type { Db } from './index.js';
import { QueryShapes } from './query-shape.js';

const shapes = new QueryShapes('store-versions');

/**
 * A store's version as the conditional GETs use it (http/conditional.ts): its own row and the
 * shared row `*`, in one indexed read. `0` stands for a row not written yet (nothing of the
 * store, or nothing shared, has ever been written): the first write makes a random value.
 */
export function storeVersionReader(db: Db): (storeId: string) => Promise<string> {
  return async (storeId) => {
    const rows = await shapes.all(db, 'both', { storeId, shared: '*' }, (d, p) =>
      d.selectFrom('store_versions').select(['store_id', 'version']).where('store_id', 'in', [p.storeId, p.shared]),
    );
    let own = 0;
    let shared = 0;
    for (const r of rows) {
      if (r.store_id === storeId) own = Number(r.version);
      else shared = Number(r.version);
    }
    return `${own}.${shared}`;
  };
}
