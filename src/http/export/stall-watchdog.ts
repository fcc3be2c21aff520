/**
 * Ends an export stream whose client has read nothing for `idleMs`, so a client that never reads
 * frees its slot (issue 24). A client shows that it reads only by a 'drain' (the socket took what
 * was waiting); the clock runs from the last one, or from the stream's start. It is checked by
 * one timer armed when a write has to wait, set for the moment the idle time is up, not by a
 * periodic check that would fire up to a period late. A write that first waits after the idle
 * time is already up (the buffers took that long to fill) gets a short grace, in which a client
 * that reads, however slowly, drains it.
 */
import type { EventEmitter } from 'node:events';

type Stream = Pick<EventEmitter, 'on' | 'off'> & { destroy(error?: Error): unknown };

export class StallWatchdog {
  private lastRead: number;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly stream: Stream,
    private readonly idleMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.lastRead = now();
    stream.on('drain', this.read);
  }

  /** A write had to wait for the client (write answered false): end the stream when the idle time is up. */
  held(): void {
    if (this.timer) return;
    const now = this.now();
    const at = Math.max(this.lastRead + this.idleMs, now + Math.min(this.idleMs, 1000));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.stream.destroy(new Error(`the client read nothing for ${this.now() - this.lastRead} ms`));
    }, at - now);
    this.timer.unref();
  }

  stop(): void {
    this.stream.off('drain', this.read);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private readonly read = (): void => {
    this.lastRead = this.now();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  };
}
