/** Result facts from the API's input shape to the engine's (names to seats, flags to a declaration). */
import type { CorrectScore } from '../../deal/commands';
import type { EnteredResult } from '../../rules/result-entry';
import type { RamschLine } from '../../table/commands';
import type { Seat } from '../../rules/seat';
import { badInput } from '../errors/api-error';
import type { CorrectionInput, ResultFactsInput } from './result-inputs';
import * as valid from './validate';

/** `seatOf` maps the declarer's name to his seat in the deal; undefined when he is not one of its players. */
export function enteredResult(input: ResultFactsInput, seatOf: (name: string) => Seat | undefined): EnteredResult {
  if (!input || typeof input !== 'object') throw badInput('result facts are required');
  if (input.ramsch !== undefined && input.ramsch !== null) {
    const lines = ramschLines(input);
    const seats = lines.map((l) => seatOf(l.player));
    if (seats.some((x) => x === undefined) || new Set(seats).size !== 3) throw badInput('a Ramsch names each of the three players of the deal once');
    const points: [number, number, number] = [0, 0, 0];
    const tricks: [number, number, number] = [0, 0, 0];
    lines.forEach((l, i) => {
      points[seats[i] as Seat] = l.points;
      tricks[seats[i] as Seat] = l.tricks;
    });
    return { kind: 'ramsch', points, tricks };
  }
  if (input.passedIn) {
    const extra = (['declarer', 'game', 'matadors', 'bid', 'declarerPoints', 'nullWon'] as const).filter((k) => input[k] !== undefined && input[k] !== null);
    if (extra.length) throw badInput(`a passed-in deal (R8) has no ${extra.join(', ')}`);
    return { kind: 'passedIn' };
  }
  if (!input.declarer) throw badInput('a declarer game names its declarer (or say passedIn: true)');
  if (!input.game) throw badInput('a declarer game names its game');
  const name = valid.name(input.declarer, 'declarer');
  const seat = seatOf(name);
  if (seat === undefined) throw badInput(`${name} is not one of the players of this deal`);
  if (input.bid === undefined || input.bid === null) throw badInput('a declarer game names the bid (R5)');
  return {
    kind: 'game',
    declarer: seat,
    declaration: {
      gameType: input.game,
      hand: !!input.hand,
      schneiderAnnounced: !!input.schneiderAnnounced,
      schwarzAnnounced: !!input.schwarzAnnounced,
      ouvert: !!input.ouvert,
    },
    matadors: input.matadors ?? 0,
    bid: input.bid,
    declarerPoints: input.declarerPoints ?? null,
    nullWon: input.nullWon ?? null,
    // The points decide schneider (R23): absent, the engine derives it; given, it must agree.
    ...(input.schneider === undefined || input.schneider === null ? {} : { schneider: input.schneider }),
    schwarz: !!input.schwarz,
    ...(input.kontra ? { kontra: true } : {}),
    ...(input.re ? { re: true } : {}),
  };
}

/** A Ramsch's three lines by name, checked for shape; no declarer-game field may come with them. */
export function ramschLines(input: ResultFactsInput): RamschLine[] {
  const extra = (['declarer', 'game', 'matadors', 'bid', 'declarerPoints', 'nullWon'] as const).filter((k) => input[k] !== undefined && input[k] !== null);
  const flags = (['passedIn', 'hand', 'schneiderAnnounced', 'schwarzAnnounced', 'ouvert', 'schneider', 'schwarz', 'kontra', 're'] as const).filter(
    (k) => input[k] === true,
  );
  if (extra.length || flags.length) throw badInput(`a Ramsch (R42) has no ${[...extra, ...flags].join(', ')}`);
  const lines = input.ramsch ?? [];
  if (!Array.isArray(lines) || lines.length !== 3) throw badInput('a Ramsch names the points and tricks of each of the three players');
  return lines.map((l) => ({ player: valid.name(l.player, 'player'), points: l.points, tricks: l.tricks }));
}

/** The correction part of CorrectScore / RuleDispute. */
export function correctionOf(input: CorrectionInput, seatOf: (name: string) => Seat | undefined): Omit<CorrectScore, 'type' | 'dealId' | 'reason'> {
  if (!input || typeof input !== 'object') throw badInput('a correction is required');
  const hasFacts = input.facts !== undefined && input.facts !== null;
  const hasScore = input.correctedScore !== undefined && input.correctedScore !== null;
  if (hasFacts === hasScore) throw badInput('a correction gives either the corrected facts or a corrected score');
  if (hasFacts) return { facts: enteredResult(input.facts as ResultFactsInput, seatOf) };
  return { correctedScore: input.correctedScore as number, ...(input.won !== undefined && input.won !== null ? { won: input.won } : {}) };
}
