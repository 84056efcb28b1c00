import type { ListQuery, ListResult, PageContext } from '../../../platform/http/pagination.js';
import { AppError } from '../../../platform/http/errors.js';
import { newId, isUuid } from '../../../platform/crypto/ids.js';
import { iso, nowIso } from '../../../platform/http/resource.js';
import type { CategoriesRepo, CategoryRow, CategoryType } from './categories.repo.js';
import type { CategoryJson } from './categories.schemas.js';

export function toCategory(r: CategoryRow): CategoryJson {
  return {
    id: r.id,
    name: r.name,
    type: r.type as CategoryType,
    parent_id: r.parent_id,
    parent_storage_id: r.parent_id,
    is_default: r.store_id === null,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export class CategoriesService {
  constructor(private readonly repo: CategoriesRepo) {}

  list(storeId: string | null, query: ListQuery & { type?: CategoryType }, ctx: PageContext): Promise<ListResult<CategoryRow>> {
    return this.repo.list(storeId, query.type, query, ctx);
  }

  count(storeId: string | null, type?: CategoryType): Promise<number> {
    return this.repo.count(storeId, type);
  }

  async get(storeId: string, id: string, type?: CategoryType): Promise<CategoryRow> {
    const row = isUuid(id) ? await this.repo.byId(storeId, id, true) : null;
    if (!row || (type && row.type !== type)) throw AppError.notFound('Category');
    return row;
  }

  private async checkParent(storeId: string, parentId: string | null | undefined, type: CategoryType, selfId?: string): Promise<void> {
    if (parentId === null || parentId === undefined) return;
    if (parentId === selfId) throw AppError.field('parent_id', 'cannot be the category itself');
    if (!isUuid(parentId) || !(await this.repo.usable(storeId, [parentId], type)).has(parentId)) {
      throw AppError.field('parent_id', `is not a ${type} category of this store`);
    }
  }

  async create(storeId: string, body: { name: string; type?: CategoryType; parent_id?: string | null }): Promise<CategoryRow> {
    const type = body.type ?? 'product';
    await this.checkParent(storeId, body.parent_id, type);
    const now = nowIso();
    const row: CategoryRow = { id: newId(), store_id: storeId, name: body.name, type, parent_id: body.parent_id ?? null, created_at: now, updated_at: now };
    await this.repo.insert(row);
    return row;
  }

  async update(storeId: string, id: string, body: { name?: string; type?: CategoryType; parent_id?: string | null }): Promise<CategoryRow> {
    const row = isUuid(id) ? await this.repo.byId(storeId, id) : null;
    if (!row) throw AppError.notFound('Category');
    const type = body.type ?? (row.type as CategoryType);
    await this.checkParent(storeId, body.parent_id, type, id);
    await this.repo.update(storeId, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(body.parent_id !== undefined ? { parent_id: body.parent_id } : {}),
      updated_at: nowIso(),
    });
    return (await this.repo.byId(storeId, id))!;
  }

  async delete(storeId: string, id: string, type: CategoryType): Promise<void> {
    const row = isUuid(id) ? await this.repo.byId(storeId, id) : null;
    if (!row || row.type !== type) throw AppError.notFound('Category');
    await this.repo.delete(storeId, id);
  }

  usable(storeId: string, ids: string[], type: CategoryType): Promise<Set<string>> {
    return this.repo.usable(storeId, ids, type);
  }
}
