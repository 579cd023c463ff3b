/**
 * Which tags were dropped, and when (issue 10's page cache, issue 23's read cache): a value
 * computed from reads that started at `epoch` may be kept only if none of its tags was dropped
 * since — else it may hold what the drop made stale. Counts drops, not time: every drop or clear
 * moves the epoch on. The log keeps each tag's latest drop, up to `max` tags; past that it is
 * emptied and everything started before is refused (a floor), never wrongly accepted.
 */
export class DropLog {
  private current = 0;
  /** Values started before this epoch are refused (the log was emptied, or everything cleared). */
  private floor = 0;
  private readonly droppedAt = new Map<string, number>();

  constructor(private readonly max = 10_000) {}

  /** Now, for a value about to be computed. */
  get epoch(): number {
    return this.current;
  }

  /** Records a drop of `names`. */
  drop(names: Iterable<string>): void {
    this.current++;
    for (const name of names) this.droppedAt.set(name, this.current);
    if (this.droppedAt.size > this.max) {
      this.droppedAt.clear();
      this.floor = this.current;
    }
  }

  /** Records that everything was dropped. */
  clear(): void {
    this.current++;
    this.floor = this.current;
  }

  /** True when none of `tags` was dropped since `since` (an `epoch` read before the value's reads). */
  fresh(tags: Iterable<string>, since: number): boolean {
    if (since < this.floor) return false;
    for (const tag of tags) if ((this.droppedAt.get(tag) ?? -1) > since) return false;
    return true;
  }
}
