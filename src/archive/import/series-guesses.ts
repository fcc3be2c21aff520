/**
 * The deal numbers an import guesses for the lines it hands to its workers: a line's guess is the
 * number its deal gets if every line of its series sent before it is new (a rejected line, or one
 * already present, is simply left out of the later guesses once it is imported). Holds a count per
 * series with lines in flight, so it is bounded by the lines in flight.
 */
export class SeriesGuesses {
  private readonly inFlight = new Map<string, number>();

  /** The guess for a line of `series` sent now, the series' last number given being `lastDealNumber`. */
  guess(series: string, lastDealNumber: number): number {
    const ahead = this.inFlight.get(series) ?? 0;
    this.inFlight.set(series, ahead + 1);
    return lastDealNumber + ahead + 1;
  }

  /** A line sent earlier has been imported (its number, if it took one, is now the series' last). */
  imported(series: string | null): void {
    if (series === null) return;
    const ahead = (this.inFlight.get(series) ?? 1) - 1;
    if (ahead <= 0) this.inFlight.delete(series);
    else this.inFlight.set(series, ahead);
  }
}
