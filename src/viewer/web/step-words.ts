import { cardName } from './card-names.js';
import type { DeckStyle } from './cards.js';
import type { Language } from './language.js';
import { t, type MessageKey } from './messages.js';
import type { Frame, SeatName } from './types.js';

// Steps, games and moves in words a Skat player uses: never an event type or a field name.
const SEAT_KEY: Record<SeatName, MessageKey> = { FOREHAND: 'forehand', MIDDLEHAND: 'middlehand', REARHAND: 'rearhand' };
const GAME_KEY: Record<string, MessageKey> = { CLUBS: 'clubs', SPADES: 'spades', HEARTS: 'hearts', DIAMONDS: 'diamonds', GRAND: 'grand', NULL: 'null' };

export function seatWord(seat: SeatName | null): string {
  return seat ? t(SEAT_KEY[seat]) : '?';
}

// With the German deck a suit game is named by the deck's own suits (the cards say Eichel, not Kreuz).
const GERMAN_DECK_GAME: Record<string, string> = { CLUBS: 'Eichel', SPADES: 'Grün', HEARTS: 'Rot', DIAMONDS: 'Schellen' };

export function gameWords(d: NonNullable<Frame['declaration']>, style?: DeckStyle): string {
  const extras: MessageKey[] = [];
  if (d.hand) extras.push('hand');
  if (d.schneiderAnnounced) extras.push('schneiderAnnounced');
  if (d.schwarzAnnounced) extras.push('schwarzAnnounced');
  if (d.ouvert) extras.push('ouvert');
  const game = style === 'german' && GERMAN_DECK_GAME[d.game] ? GERMAN_DECK_GAME[d.game] : GAME_KEY[d.game] ? t(GAME_KEY[d.game]) : d.game.toLowerCase();
  return [game, ...extras.map((k) => t(k))].join(' ');
}

/** The card this step put on the table: the newest card of the trick, or of the trick it completed. */
function cardOfStep(f: Frame): string | null {
  const trick = f.currentTrick?.cards ?? [];
  if (trick.length) return trick[trick.length - 1].card.code;
  const done = f.completedTricks[f.completedTricks.length - 1];
  return done && done.cards.length ? done.cards[done.cards.length - 1].card.code : null;
}

/** What happened at this step, as a sentence. */
export function stepSentence(f: Frame, style: DeckStyle, lang: Language): string {
  const seat = seatWord(f.event.seat ?? null);
  switch (f.event.type) {
    case 'DealStarted':
      return t('evDealStarted');
    case 'CardsDealt':
      return t('evCardsDealt');
    case 'BidCalled':
      return t('evBidCalled', { seat, value: f.bidding[f.bidding.length - 1]?.value ?? f.highestBid });
    case 'BidHeld':
      return t('evBidHeld', { seat });
    case 'BidPassed':
      return t('evBidPassed', { seat });
    case 'SkatTaken':
      return t('evSkatTaken', { seat });
    case 'SkatDiscarded':
      return t('evSkatDiscarded', { seat });
    case 'GameDeclared':
      return t('evGameDeclared', { seat, game: f.declaration ? gameWords(f.declaration, style) : '?' });
    case 'CardsShown':
      return t('evCardsShown', { seat });
    case 'CardPlayed': {
      const card = cardOfStep(f);
      return t('evCardPlayed', { seat, card: card ? cardName(card, style, lang) : '?' });
    }
    case 'KontraCalled':
      return t('evKontraCalled', { seat });
    case 'ReCalled':
      return t('evReCalled', { seat });
    case 'GameResigned':
      return t('evGameResigned', { seat });
    case 'DealAbandoned':
      return t('evDealAbandoned');
    case 'DealPassedIn':
      return t('evDealPassedIn');
    case 'DealScored':
      return t('evDealScored');
    case 'ScoreCorrected':
      return t('evScoreCorrected');
    case 'MoveWithdrawn':
      return t('evMoveWithdrawn');
    // A kind of step this page does not know yet: its name split into words, never raw.
    default:
      return t('evOther', { what: f.event.type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() });
  }
}

/** A legal move in words ("bid 20", "play ace of clubs"). */
export function moveWords(m: Frame['legalMoves'][number], style: DeckStyle, lang: Language): string {
  switch (m.kind) {
    case 'bid':
      return t('mvBid', { value: m.value ?? '' });
    case 'hold':
      return t('mvHold');
    case 'pass':
      return t('mvPass');
    case 'pickUpSkat':
      return t('mvPickUpSkat');
    case 'discard':
      return t('mvDiscard');
    case 'declare':
      return m.declaration ? gameWords(m.declaration, style) : t('mvDeclare');
    case 'showCards':
      return t('mvShowCards');
    case 'play':
      return t('mvPlay', { card: m.card ? cardName(m.card.code, style, lang) : '?' });
    case 'resign':
      return t('mvResign');
    case 'kontra':
      return t('mvKontra');
    case 're':
      return t('mvRe');
    default:
      return t('mvOther', { kind: m.kind.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() });
  }
}

/** Matadors as players say them: "with 2", "without 3" (the API gives without as negative). */
export function matadorWords(n: number): string {
  return n < 0 ? t('withoutN', { n: -n }) : t('withN', { n });
}
