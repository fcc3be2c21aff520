import { cardName } from './card-names.js';
import type { DeckStyle } from './cards.js';
import type { Language } from './language.js';
import { t, type MessageKey } from './messages.js';
import { MOVES, type MoveWords } from './move-table.js';
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

/** A move's words in the page's language, its placeholders filled ({seat}, {value}, {game}, {card}; one left unknown stays as written). */
function filled(words: MoveWords, lang: Language, params: Record<string, () => string | number>): string {
  return words[lang].replace(/\{(\w+)\}/g, (all, name: string) => (name in params ? String(params[name]()) : all));
}

// Each move's own event (its first) and the move, by name: the table of moves gives the words (move-table.js, written at build time).
const BY_EVENT = new Map(MOVES.filter((m) => m.words).map((m) => [m.eventTypes[0], m]));
const BY_KIND = new Map(MOVES.filter((m) => m.words).map((m) => [m.kind, m]));

/** What happened at this step, as a sentence. */
export function stepSentence(f: Frame, style: DeckStyle, lang: Language): string {
  const move = BY_EVENT.get(f.event.type);
  if (move?.words)
    return filled(move.words.step, lang, {
      seat: () => seatWord(f.event.seat ?? null),
      value: () => f.bidding[f.bidding.length - 1]?.value ?? f.highestBid,
      game: () => (f.declaration ? gameWords(f.declaration, style) : '?'),
      card: () => {
        const card = cardOfStep(f);
        return card ? cardName(card, style, lang) : '?';
      },
    });
  switch (f.event.type) {
    case 'DealStarted':
      return t('evDealStarted');
    case 'CardsDealt':
      return t('evCardsDealt');
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

/** A kind of move in words ("hold", "bid 18"), as its move file words it; the kind split into words when it has none. */
export function kindWords(kind: string, lang: Language, value: number | string = ''): string {
  const move = BY_KIND.get(kind);
  if (move?.words) return filled(move.words.move, lang, { value: () => value });
  return t('mvOther', { kind: kind.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() });
}

/** A legal move in words ("bid 20", "play ace of clubs"); a declaration says the game it names. */
export function moveWords(m: Frame['legalMoves'][number], style: DeckStyle, lang: Language): string {
  if (m.declaration) return gameWords(m.declaration, style);
  const move = BY_KIND.get(m.kind);
  if (move?.words)
    return filled(move.words.move, lang, {
      value: () => m.value ?? '',
      card: () => (m.card ? cardName(m.card.code, style, lang) : '?'),
    });
  return kindWords(m.kind, lang);
}

/** Matadors as players say them: "with 2", "without 3" (the API gives without as negative). */
export function matadorWords(n: number): string {
  return n < 0 ? t('withoutN', { n: -n }) : t('withN', { n });
}
