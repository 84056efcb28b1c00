/**
 * A small least-recently-used cache bounded by bytes, for live previews: design pages
 * (keyed by design id + updated_at), their rasters (+ size) and prepared templates (template
 * id + updated_at + output width). A key that is being computed is shared by concurrent callers.
 */
export class LruCache<V> {
  private readonly map = new Map<string, { value: Promise<V>; bytes: number }>();
  private total = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (v: V) => number,
  ) {}

  async get(key: string, make: () => Promise<V>): Promise<V> {
    const hit = this.map.get(key);
    if (hit) {
      this.hits++;
      this.map.delete(key);
      this.map.set(key, hit);
      return hit.value;
    }
    this.misses++;
    const entry = { value: make(), bytes: 0 };
    this.map.set(key, entry);
    try {
      const v = await entry.value;
      // still ours (not evicted or cleared meanwhile): account for it
      if (this.map.get(key) === entry) {
        entry.bytes = this.sizeOf(v);
        this.total += entry.bytes;
        this.evict();
      }
      return v;
    } catch (err) {
      if (this.map.get(key) === entry) this.map.delete(key);
      throw err;
    }
  }

  get size(): number {
    return this.map.size;
  }

  get bytes(): number {
    return this.total;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }

  private evict(): void {
    for (const [k, e] of this.map) {
      if (this.total <= this.maxBytes || this.map.size <= 1) break;
      if (e.bytes === 0) continue; // still being computed
      this.map.delete(k);
      this.total -= e.bytes;
    }
  }
}
