/**
 * Undo and redo: a list of snapshots of a side's layers (their JSON, as saved), one per
 * change. The side records a snapshot after every change (added, removed, moved, scaled,
 * rotated, restyled, retyped, reordered, locked, hidden, renamed) and restores one to undo.
 */
export class History {
  private past: string[] = [];
  private future: string[] = [];

  constructor(private readonly limit = 200) {}

  /** The state now; the first call sets the base (what the side opened with). */
  record(snapshot: string): boolean {
    if (this.past[this.past.length - 1] === snapshot) return false;
    this.past.push(snapshot);
    if (this.past.length > this.limit + 1) this.past.shift();
    this.future = [];
    return true;
  }

  /** Forgets everything: `snapshot` becomes the base (a side opened from saved work or a template). */
  reset(snapshot: string): void {
    this.past = [snapshot];
    this.future = [];
  }

  get canUndo(): boolean {
    return this.past.length > 1;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** The snapshot to go back to, or null. */
  undo(): string | null {
    if (!this.canUndo) return null;
    this.future.push(this.past.pop()!);
    return this.past[this.past.length - 1]!;
  }

  redo(): string | null {
    const next = this.future.pop();
    if (next === undefined) return null;
    this.past.push(next);
    return next;
  }
}
