import type { Declaration } from '../rules/declaration';
import type { GameResult } from '../rules/game-result';
import type { SeatPlayers } from './events';

const withOrWithout = (m: number | null): string => (m === null ? '–' : m === 0 ? 'no matadors' : m > 0 ? `with ${m}` : `without ${-m}`);

function gameName(d: Declaration | null): string {
  if (!d) return 'no game';
  const mods = [
    d.hand ? 'hand' : '',
    d.schneiderAnnounced ? 'schneider announced' : '',
    d.schwarzAnnounced ? 'schwarz announced' : '',
    d.ouvert ? 'ouvert' : '',
  ].filter(Boolean);
  return [d.gameType, ...mods].join(' ');
}

const kindName = (r: GameResult): string =>
  ({ scored: 'a declarer game', passedIn: 'a passed-in deal', ramsch: 'a Ramsch', notScoreable: 'a deal not scoreable by the rules' })[r.kind];

/**
 * Issue 11: every way the result of a deal's recorded cards differs from the result entered for it
 * (the one in force: the entered facts, or an arbiter's correction of them), worded as
 * "entered X, the cards give Y"; empty when the cards reproduce it. `enteredScore` is the entry in
 * force (a correction by score alone changes only that). Pure.
 */
export function upgradeDifferences(entered: GameResult, enteredScore: number | null, played: GameResult, players: SeatPlayers): string[] {
  const out: string[] = [];
  const differ = (what: string, a: string, b: string) => out.push(`entered ${a}, the cards give ${b}${what ? ` (${what})` : ''}`);
  if (entered.kind !== played.kind) {
    differ('', kindName(entered), kindName(played));
    return out;
  }
  if (entered.kind === 'ramsch') {
    players.forEach((p, s) => {
      if (entered.seatScores[s] !== played.seatScores[s]) differ('R42', `${entered.seatScores[s]} for ${p}`, String(played.seatScores[s]));
    });
    return out;
  }
  if (entered.kind !== 'scored') return out;
  const name = (s: number | null) => (s === null ? 'nobody' : players[s]);
  if (entered.declarer !== played.declarer) differ('', `${name(entered.declarer)} as declarer`, name(played.declarer));
  if (gameName(entered.declaration) !== gameName(played.declaration)) differ('', gameName(entered.declaration), gameName(played.declaration));
  if (entered.bid !== played.bid) differ('R6', `bid ${entered.bid}`, String(played.bid));
  if (entered.matadors !== played.matadors) differ('R27', withOrWithout(entered.matadors), withOrWithout(played.matadors));
  // Card points are a fact of suit and grand games; a null game is won or lost by tricks.
  if (entered.declarerPoints !== null && entered.declarerPoints !== played.declarerPoints)
    differ('R22', `${entered.declarerPoints} card points`, String(played.declarerPoints));
  if (entered.declarerTricks !== null && entered.declarerTricks !== played.declarerTricks)
    differ('R24', `${entered.declarerTricks} tricks`, String(played.declarerTricks));
  if (entered.schneider !== played.schneider) differ('R23', entered.schneider ? 'schneider' : 'no schneider', played.schneider ? 'schneider' : 'none');
  if (entered.schwarz !== played.schwarz) differ('R24', entered.schwarz ? 'schwarz' : 'no schwarz', played.schwarz ? 'schwarz' : 'none');
  if (entered.won !== played.won) differ('', entered.won ? 'won' : 'lost', played.won ? 'won' : 'lost');
  // Kontra/Re or an arbiter's score show only here: the entry itself.
  const entry = enteredScore ?? entered.score;
  if (entry !== played.score) differ('R34', `an entry of ${entry}`, String(played.score));
  return out;
}
