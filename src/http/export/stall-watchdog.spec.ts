import { EventEmitter } from 'node:events';
import { StallWatchdog } from './stall-watchdog';

/** A stream that records when it was destroyed, on jest's fake clock. */
function stream() {
  const s = Object.assign(new EventEmitter(), { destroyedAt: null as number | null, destroy: () => undefined as unknown });
  s.destroy = () => (s.destroyedAt = Date.now());
  return s;
}

describe('StallWatchdog (issue 24: a stalled export frees its slot within the set time)', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it('ends a stream whose client never read at the idle time counted from the start, not a check period later', () => {
    const s = stream();
    const w = new StallWatchdog(s, 5_000);
    jest.advanceTimersByTime(1_200);
    w.held(); // the buffers are full 1.2 s in
    jest.advanceTimersByTime(3_799);
    expect(s.destroyedAt).toBeNull();
    jest.advanceTimersByTime(1);
    expect(s.destroyedAt).toBe(5_000);
    w.stop();
  });

  it('counts from the last drain: a client that reads is not cut, one that stops is cut idleMs after its last read', () => {
    const s = stream();
    const w = new StallWatchdog(s, 5_000);
    for (let t = 0; t < 20; t++) {
      jest.advanceTimersByTime(900);
      w.held();
      jest.advanceTimersByTime(100);
      s.emit('drain');
    }
    expect(s.destroyedAt).toBeNull();
    w.held(); // 20 s in, read last at 20 s
    jest.advanceTimersByTime(4_999);
    expect(s.destroyedAt).toBeNull();
    jest.advanceTimersByTime(1);
    expect(s.destroyedAt).toBe(25_000);
    w.stop();
  });

  it('a first wait after the idle time gets a short grace, in which a draining client keeps its stream', () => {
    const s = stream();
    const w = new StallWatchdog(s, 5_000);
    jest.advanceTimersByTime(8_000);
    w.held();
    jest.advanceTimersByTime(500);
    s.emit('drain'); // read at 8.5 s
    jest.advanceTimersByTime(2_000);
    expect(s.destroyedAt).toBeNull();
    w.held(); // 10.5 s: the idle time is up at 13.5 s
    jest.advanceTimersByTime(3_000);
    expect(s.destroyedAt).toBe(13_500);
    w.stop();
  });

  it('stop() leaves no timer behind', () => {
    const s = stream();
    const w = new StallWatchdog(s, 1_000);
    w.held();
    w.stop();
    jest.advanceTimersByTime(10_000);
    expect(s.destroyedAt).toBeNull();
    expect(s.listenerCount('drain')).toBe(0);
  });
});
