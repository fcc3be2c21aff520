import type { GameType } from './declaration';
import { invalid, line } from './derivation';
import type { DerivationLine, GameResult } from './game-result';

/**
 * R41 Bock rounds (house option): after a trigger deal the next round (one deal per player at the
 * table) counts double. What triggers a round and what happens when rounds overlap are local
 * choices, so both are settings.
 */
export const BOCK_TRIGGERS = ['sixtySixty', 'grandHand', 'allPoints', 'kontra', 're', 'passedIn'] as const;
export type BockTrigger = (typeof BOCK_TRIGGERS)[number];

const TRIGGER_TEXT: Record<BockTrigger, string> = {
  sixtySixty: 'a 60:60 game',
  grandHand: 'a grand hand',
  allPoints: '120:0 card points',
  kontra: 'Kontra said',
  re: 'Re said',
  passedIn: 'a passed-in deal',
};

export interface BockSettings {
  readonly triggers: readonly BockTrigger[];
  /** Deals in a Bock round: usually the number of players at the table. */
  readonly dealsPerRound: number;
  /** stack: overlapping rounds multiply (×4 where two overlap); queue: a new round starts after the scheduled ones. */
  readonly overlap: 'stack' | 'queue';
}

/** What a trigger looks at in a finished deal. */
export interface BockDealFacts {
  readonly kind: GameResult['kind'];
  readonly gameType: GameType | null;
  readonly hand: boolean;
  readonly declarerPoints: number | null;
  readonly kontra: boolean;
  readonly re: boolean;
}

/** The trigger facts of a finished deal's result; Kontra/Re come from the deal, not the result. */
export function bockFactsOf(result: GameResult, said: { kontra?: boolean; re?: boolean } = {}): BockDealFacts {
  const d = result.declaration;
  return {
    kind: result.kind,
    gameType: d?.gameType ?? null,
    hand: Boolean(d?.hand || (d?.ouvert && d.gameType !== 'null')),
    declarerPoints: result.declarerPoints,
    kontra: said.kontra ?? false,
    re: said.re ?? false,
  };
}

export interface BockPlan {
  /** Multiplier of each deal so far (1, 2, 4, ...), index-aligned with the input. */
  readonly played: readonly number[];
  /** Multipliers of the upcoming deals already scheduled, starting with the very next deal. */
  readonly upcoming: readonly number[];
  readonly derivation: readonly DerivationLine[];
}

/** Which deals count double: the deals so far in order, the trigger settings, and what follows. */
export function planBock(deals: readonly BockDealFacts[], settings: BockSettings): BockPlan {
  checkSettings(settings);
  const bockCount: number[] = [];
  const lines: DerivationLine[] = [];
  let queueEnd = -1; // index of the last deal already in a queued round
  deals.forEach((deal, i) => {
    const fired = settings.triggers.filter((t) => triggers(t, deal));
    if (fired.length === 0) return;
    let start = i + 1;
    if (settings.overlap === 'queue') start = Math.max(start, queueEnd + 1);
    const end = start + settings.dealsPerRound - 1;
    for (let k = start; k <= end; k++) bockCount[k] = settings.overlap === 'queue' ? 1 : (bockCount[k] ?? 0) + 1;
    queueEnd = Math.max(queueEnd, end);
    lines.push(line('R41', `deal ${i + 1}: ${fired.map((t) => TRIGGER_TEXT[t]).join(', ')}: Bock round for deals ${start + 1}-${end + 1}`));
  });
  const multiplier = (k: number) => 2 ** (bockCount[k] ?? 0);
  const played = deals.map((_, k) => multiplier(k));
  const upcoming: number[] = [];
  for (let k = deals.length; k < bockCount.length; k++) upcoming.push(multiplier(k));
  return { played, upcoming, derivation: lines };
}

function triggers(trigger: BockTrigger, deal: BockDealFacts): boolean {
  const declarerGame = deal.kind === 'scored' && deal.gameType !== null && deal.gameType !== 'null';
  switch (trigger) {
    case 'sixtySixty':
      return declarerGame && deal.declarerPoints === 60;
    case 'grandHand':
      return deal.kind === 'scored' && deal.gameType === 'grand' && deal.hand;
    case 'allPoints':
      return declarerGame && (deal.declarerPoints === 120 || deal.declarerPoints === 0);
    case 'kontra':
      return deal.kind === 'scored' && deal.kontra;
    case 're':
      return deal.kind === 'scored' && deal.re;
    case 'passedIn':
      return deal.kind === 'passedIn';
  }
}

function checkSettings(settings: BockSettings): void {
  if (!Number.isInteger(settings.dealsPerRound) || settings.dealsPerRound < 1) {
    invalid('R41', `a Bock round has at least one deal, got ${settings.dealsPerRound}`);
  }
  const unknown = settings.triggers.filter((t) => !(BOCK_TRIGGERS as readonly string[]).includes(t));
  if (unknown.length > 0) invalid('R41', `unknown Bock trigger(s) ${unknown.join(', ')}; known: ${BOCK_TRIGGERS.join(', ')}`);
  if (settings.overlap !== 'stack' && settings.overlap !== 'queue') invalid('R41', `Bock overlap must be stack or queue`);
}
