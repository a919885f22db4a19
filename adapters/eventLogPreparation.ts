import { encodedChildren, type LogEncoder } from '../domain/logCodec.ts';

/** Objects encoded per step of an EncodingPreparation (a step is well under a millisecond). */
const OBJECTS_PER_STEP = 200;

interface Visit {
  obj: object;
  children: readonly unknown[];
  next: number;
}

/**
 * The encoding of a large value (a checkpoint: every actor's persisted snapshot, a 20,000-segment translation model
 * among them) worked out ahead in steps, so a recorder can spread it over idle time: the value's objects are encoded
 * bottom-up, each after the objects inside it, and the encoder keeps each result by identity; encoding the value
 * afterwards finds its parts done and gives what it would have given at once. A cycle (which encoding top-down marks
 * where it closes, so the result depends on where it starts) ends the preparation early: the rest is left to the
 * encoding itself.
 */
export class EncodingPreparation {
  private readonly path: Visit[] = [];
  private readonly onPath = new Set<object>();
  private readonly visited = new WeakSet<object>();

  constructor(
    private readonly encoder: LogEncoder,
    value: unknown,
  ) {
    this.enter(value);
  }

  /** Does one step; true when the preparation is over. */
  step(): boolean {
    let encoded = 0;
    while (this.path.length > 0 && encoded < OBJECTS_PER_STEP) {
      const visit = this.path.at(-1)!;
      if (visit.next < visit.children.length) {
        const child = visit.children[visit.next++];
        if (child === null || typeof child !== 'object' || this.visited.has(child)) continue;
        if (this.onPath.has(child)) {
          this.stop();
          break;
        }
        this.enter(child);
        continue;
      }
      this.path.pop();
      this.onPath.delete(visit.obj);
      this.visited.add(visit.obj);
      this.encoder.encode(visit.obj);
      encoded++;
    }
    return this.path.length === 0;
  }

  private enter(value: unknown): void {
    if (value === null || typeof value !== 'object') return;
    const children = encodedChildren(value);
    if (children === null) {
      this.visited.add(value);
      return;
    }
    this.path.push({ obj: value, children, next: 0 });
    this.onPath.add(value);
  }

  private stop(): void {
    this.path.length = 0;
    this.onPath.clear();
  }
}
