import type { DealAnalyses } from '../../analysis/workers/analyses';
import type { EventStore } from '../../event-store/event-store';
import type { AsOfCut } from '../../projections/as-of/as-of-cut';
import type { ReadModelDb } from '../../projections/read-model-db';
import { AsOfDeals } from './as-of-deals';
import { AsOfReads } from './as-of-reads';
import { AsOfSheets } from './as-of-sheets';
import { AsOfRatings } from './ratings-as-of';
import type { ScoreSheets } from './score-sheets';
import type { SheetSnapshots } from './sheet-snapshots';

/** Every answer as of one cut of the log (issue 28 item 2): sheets, standings, lists, statistics, and deals as recorded then. */
export interface AsOfView {
  readonly cut: AsOfCut;
  readonly reads: AsOfReads;
  readonly sheets: AsOfSheets;
  readonly deals: AsOfDeals;
  readonly ratings: AsOfRatings;
}

export function asOfView(store: EventStore, db: ReadModelDb, analyses: DealAnalyses, live: ScoreSheets, snapshots: SheetSnapshots, cut: AsOfCut): AsOfView {
  const reads = new AsOfReads(store, db, cut);
  return { cut, reads, sheets: new AsOfSheets(db, reads, live, snapshots), deals: new AsOfDeals(reads, analyses), ratings: new AsOfRatings(db, cut) };
}
