export interface PlayerStats {
  readonly player: string;
  readonly dealsPlayed: number;
  /** Of those, entered from the result only (no cards): every figure here comes from results, none from cards, so they all count. */
  readonly resultOnlyDeals: number;
  readonly declarerGames: number;
  readonly declarerShare: number;
  readonly wonAsDeclarer: number;
  readonly lostAsDeclarer: number;
  readonly averageGameValue: number;
  readonly gameTypeMix: Readonly<Record<string, number>>;
  readonly handRate: number;
  readonly ouvertRate: number;
  readonly nullRate: number;
  readonly overbidRate: number;
  readonly defenceGames: number;
  readonly defenceWon: number;
  readonly defenceSuccess: number;
  /** The result every figure here is computed from: the engine's (the rules), never an archive record's own. */
  readonly uses: 'engine';
  /** Imported deals whose archive record's own result was compared with the engine's. */
  readonly archiveRecordsCompared: number;
  /** Of those, the deals whose record's own result disagrees with the engine's (iss verify's fields). */
  readonly archiveRecordsDisagreeing: number;
  /** Seeger-Fabian per series (table) the player sat at. */
  readonly seegerFabianPerSeries: readonly { readonly tableId: string; readonly total: number }[];
}
