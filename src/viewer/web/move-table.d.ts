// The moves as the table of moves declares them (src/deal/moves/move-table.ts). `npm run build` writes
// the module itself beside the built pages (src/viewer/write-viewer-moves.ts): the browser code is
// bundled on its own and cannot import the table.

/** A text in each language the pages speak. */
export interface MoveWords {
  readonly en: string;
  readonly de: string;
}

export interface ViewerMove {
  /** The move's kind (the API's MoveKind, `bid`), as legal moves name it. */
  readonly kind: string;
  /** The mutation that records it (`callBid`, input `CallBidInput`). */
  readonly mutation: string;
  /** The event types it records, its own first. */
  readonly eventTypes: readonly string[];
  /** The names of its input's fields besides the deal (`seat`, `value`). */
  readonly fields: readonly string[];
  /** Its own event as a replay step, and the move as a legal move; placeholders {seat}, {value}, {game}, {card}. */
  readonly words?: { readonly step: MoveWords; readonly move: MoveWords };
}

export declare const MOVES: readonly ViewerMove[];
