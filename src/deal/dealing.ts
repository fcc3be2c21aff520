import type { Card } from '../rules/card';
import { dealFromDeck, validateDealt } from '../rules/dealing';
import { seededDeck } from '../rules/deck';
import { allow, refuse, type Judgement } from '../kernel/refusal';
import type { DealSource } from './commands';
import type { CardsDealtData } from './events';

/**
 * The dealt cards for a start command. A crypto shuffle is done by the shell (it is not pure) and
 * handed in as `serverDeck`; a seeded shuffle is reproducible and done here. Server shuffles are
 * dealt 3-skat-4-3 (R4).
 */
export function resolveDeal(source: DealSource, serverDeck: readonly Card[] | undefined): Judgement<CardsDealtData> {
  if (!source || typeof source !== 'object') return refuse('R4', 'cards must be given, or shuffled by the server (crypto or seeded)');
  switch (source.kind) {
    case 'given': {
      const ok = validateDealt({ hands: source.hands, skat: source.skat });
      return ok.ok ? allow({ hands: source.hands, skat: source.skat, shuffle: 'given' }) : ok;
    }
    case 'seeded': {
      if (typeof source.seed !== 'string' || source.seed === '') return refuse('R4', 'a seeded shuffle needs a non-empty seed');
      const dealt = dealFromDeck(seededDeck(source.seed));
      return dealt.ok ? allow({ ...dealt.value, shuffle: 'seeded', seed: source.seed }) : dealt;
    }
    case 'crypto': {
      if (!serverDeck) return refuse('R4', 'the server shuffle was not done');
      const dealt = dealFromDeck(serverDeck);
      return dealt.ok ? allow({ ...dealt.value, shuffle: 'crypto' }) : dealt;
    }
    default:
      return refuse('R4', 'cards must be given, or shuffled by the server (crypto or seeded)');
  }
}
