/**
 * A push queue as an async iterator: events are pushed as the Ledger records them and pulled by
 * one subscriber. Bounded: a subscriber too slow to keep up is ended rather than buffering forever.
 */
export class EventQueue<T> implements AsyncIterableIterator<T> {
  private readonly buffer: T[] = [];
  private readonly waiting: Array<(r: IteratorResult<T>) => void> = [];
  private closed = false;

  constructor(
    private readonly capacity: number,
    private readonly onClose: () => void,
  ) {}

  push(item: T): void {
    if (this.closed) return;
    const next = this.waiting.shift();
    if (next) return next({ value: item, done: false });
    if (this.buffer.length >= this.capacity) return void this.close();
    this.buffer.push(item);
  }

  next(): Promise<IteratorResult<T>> {
    if (this.buffer.length > 0) return Promise.resolve({ value: this.buffer.shift() as T, done: false });
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  return(): Promise<IteratorResult<T>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.buffer.length = 0;
    for (const w of this.waiting.splice(0)) w({ value: undefined, done: true });
    this.onClose();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
