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
  /** Seeger-Fabian per series (table) the player sat at. */
  readonly seegerFabianPerSeries: readonly { readonly tableId: string; readonly total: number }[];
}
