import { SeriesGuesses } from './series-guesses';

describe('SeriesGuesses', () => {
  it('guesses the next numbers of a series from its last one and the lines in flight', () => {
    const g = new SeriesGuesses();
    expect([g.guess('s', 0), g.guess('s', 0), g.guess('t', 5)]).toEqual([1, 2, 6]);
    // The first line of s took number 1; the second is still in flight.
    g.imported('s');
    expect(g.guess('s', 1)).toBe(3);
  });

  it('a line that took no number (rejected, already present) drops out of the later guesses', () => {
    const g = new SeriesGuesses();
    g.guess('s', 0);
    g.imported('s'); // rejected: the last number stays 0
    expect(g.guess('s', 0)).toBe(1);
    g.imported(null);
  });
});
