/**
 * Fair shares of the solver pool (issue 24 item 2). Its places are the workers plus the queue;
 * a job holds one from the moment it is started until it settles. Each caller holds at most a
 * few; anonymous callers together at most half; a reserved part is kept for the people who run
 * the evening (recorders, arbiters, admins), who may also use every other free place and whose
 * jobs go ahead of the others in the queue. A job several callers wait for holds one place (of
 * the caller that started it).
 */

/** Who asks for a job: `reserved` (recorder, arbiter, admin), `token` (a player token) or `anonymous` (by client address). */
export interface SolverLane {
  readonly caller: string;
  readonly kind: 'reserved' | 'token' | 'anonymous';
}

export interface SolverShareLimits {
  /** Places in all (workers + queue). */
  readonly places: number;
  /** Places one caller may hold (a reserved caller: the reserved part, if larger). */
  readonly perCaller: number;
  /** Places anonymous callers hold together. */
  readonly anonymous: number;
  /** Places only reserved callers may take. */
  readonly reserved: number;
}

/** The shares of a pool of `workers` threads and a queue of `queue` jobs. */
export function solverShareLimits(workers: number, queue: number): SolverShareLimits {
  const places = workers + queue;
  return {
    places,
    perCaller: Math.max(1, Math.floor(places / 8)),
    anonymous: Math.max(1, Math.floor(places / 2)),
    reserved: places > 1 ? Math.max(1, Math.round(places / 4)) : 0,
  };
}

/** The job was refused by the shares: nothing was started (the API answers ANALYSIS_BUSY). */
export class SolverShareError extends Error {
  readonly code = 'ANALYSIS_BUSY';
  constructor(message: string) {
    super(message);
    this.name = 'SolverShareError';
  }
}

export class SolverShares {
  private total = 0;
  private anonymous = 0;
  private unreserved = 0;
  private readonly byCaller = new Map<string, number>();

  constructor(readonly limits: SolverShareLimits) {}

  /** Takes a place for one job of this lane, or throws SolverShareError; the release is safe to call twice. */
  take(lane: SolverLane): () => void {
    const l = this.limits;
    const mine = this.byCaller.get(lane.caller) ?? 0;
    const reserved = lane.kind === 'reserved';
    if (mine >= (reserved ? Math.max(l.perCaller, l.reserved) : l.perCaller))
      throw new SolverShareError(`one caller may have at most ${l.perCaller} solver jobs waiting or running; ask again when one has answered`);
    if (this.total >= l.places) throw new SolverShareError(`the solver is busy (${l.places} jobs waiting or running); try again shortly`);
    if (!reserved && this.unreserved >= l.places - l.reserved)
      throw new SolverShareError(`the solver is busy (${l.reserved} places kept for recorders, arbiters and admins); try again shortly`);
    if (lane.kind === 'anonymous' && this.anonymous >= l.anonymous)
      throw new SolverShareError(`anonymous callers have ${l.anonymous} solver jobs waiting or running, their share; try again shortly`);
    this.total++;
    if (!reserved) this.unreserved++;
    if (lane.kind === 'anonymous') this.anonymous++;
    this.byCaller.set(lane.caller, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      if (!reserved) this.unreserved--;
      if (lane.kind === 'anonymous') this.anonymous--;
      const left = (this.byCaller.get(lane.caller) ?? 1) - 1;
      if (left > 0) this.byCaller.set(lane.caller, left);
      else this.byCaller.delete(lane.caller);
    };
  }

  /** Places held now (for tests and operators). */
  get held(): number {
    return this.total;
  }
}
