import { dealFromDeck, validateDealt } from '../rules/dealing';
import { seededDeck } from '../rules/deck';
import { allow, refuse, type Judgement } from '../kernel/refusal';
import type { DealSource } from './commands';
import type { CardsDealtData } from './events';

/**
 * The dealt cards for a start command: given, or a seeded shuffle (reproducible, done here). A
 * crypto shuffle is the fair-dealing scheme's (fair-dealing.ts, from the seed the shell hands in).
 * Server shuffles are dealt 3-skat-4-3 (R4).
 */
export function resolveDeal(source: DealSource): Judgement<CardsDealtData> {
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
    case 'crypto':
      return refuse('R4', 'a crypto shuffle is dealt by the fair-dealing scheme');
    default:
      return refuse('R4', 'cards must be given, or shuffled by the server (crypto or seeded)');
  }
}
