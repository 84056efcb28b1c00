/**
 * Values kept within a byte budget, the least recently used dropped first; a value costing
 * more than `maxEntry` bytes (by default an eighth of the budget) is not kept. Synchronous,
 * for hot paths: the SQLite driver's kept results and the HTTP layer's kept answers. (The
 * mockups' cache, engines/mockup/cache.ts, is the asynchronous kind: it shares a value still
 * being computed between callers.)
 */
export class ByteLru<V> {
  private readonly map = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(
    private readonly budget: number,
    private readonly maxEntry = budget / 8,
  ) {}

  /** bytes of the values kept now */
  get bytes(): number {
    return this.total;
  }

  /** The value kept for `key`, made the most recently used; undefined when none. */
  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  /** Keeps `value` for `key` in place of what it had (nothing, if it costs over `maxEntry`); the oldest go past the budget. */
  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxEntry) return;
    this.map.set(key, { value, bytes });
    this.total += bytes;
    for (const [k, e] of this.map) {
      if (this.total <= this.budget) break;
      this.map.delete(k);
      this.total -= e.bytes;
    }
  }

  delete(key: string): void {
    const e = this.map.get(key);
    if (!e) return;
    this.map.delete(key);
    this.total -= e.bytes;
  }
}
