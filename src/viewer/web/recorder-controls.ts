// The recorder's choices for the position the page shows: the moves of the auction, the skat and
// the declaration, the seat's hand (dealt deals) or the 32-card grid (deals recorded as seen), the
// cards shown after the play, and what can go wrong at the table (misdeal, revoke, cards shown early).
import { cardName } from './card-names.js';
import { cardSvg } from './cards.js';
import { el, svg } from './dom.js';
import { sortForDisplay } from './hand-order.js';
import { legalCards, playLocally, provesRevoke, type PlayEnd, type PlayPosition } from './local-play.js';
import { t } from './messages.js';
import type { RecorderMove } from './recorder-commands.js';
import { ALL_CODES, cardGrid, playedCodes } from './recorder-grid.js';
import type { ViewSettings } from './replay-view.js';
import { gameWords, kindWords, moveWords, seatWord } from './step-words.js';
import { SEAT_NAMES, type Frame, type SeatName } from './types.js';

const seatKey = (s: SeatName) => s.toLowerCase() as 'forehand' | 'middlehand' | 'rearhand';

/** What the controls need of the page: its settings, the deal's players, and how to record. */
export interface RecorderControl {
  readonly s: ViewSettings;
  players: readonly string[];
  seen: boolean;
  /** Records a move; `ends`: it ends the deal (or, early, the play: why), so the page asks first. */
  record(move: RecorderMove, ends?: boolean | PlayEnd): void;
  /** A tap the known information rules out: the server's refusal (rule and reason) is shown. */
  refusedTap(move: RecorderMove): void;
  /** Cards picked for a discard or a showing, kept by the page between draws. */
  readonly picked: Set<string>;
  redraw(): void;
  /** A table problem asks for a seat first: which one is being asked (null: none). */
  seatChoice: null | 'revoke' | 'shownEarly';
  /** The announcement level a hand game is declared with: 0 none, 1 schneider, 2 schwarz, 3 ouvert (R12, cumulative). */
  announce: number;
}

export function actionButton(label: string, testId: string, onClick: () => void, disabled = false): HTMLButtonElement {
  const b = el('button', { type: 'button', class: 'action', 'data-testid': testId, text: label }) as HTMLButtonElement;
  b.disabled = disabled;
  b.addEventListener('click', onClick);
  return b;
}

function cardButton(c: RecorderControl, code: string, testId: string, onClick: () => void, pressed = false, greyed = false): HTMLButtonElement {
  const name = cardName(code, c.s.style(), c.s.language());
  const b = el('button', {
    type: 'button',
    class: 'card-button',
    'data-code': code,
    'data-testid': testId,
    'aria-pressed': pressed ? 'true' : 'false',
    'aria-disabled': greyed ? 'true' : 'false',
    'aria-label': name,
  }) as HTMLButtonElement;
  b.append(svg(cardSvg(code, c.s.style(), name)));
  b.addEventListener('click', onClick);
  return b;
}

const lastCardOfDeal = (f: Frame, tricksDone: number, inTrick: number) => tricksDone === 9 && inTrick === 2 && f.phase === 'PLAYING';

function trickView(c: RecorderControl, cards: ReadonlyArray<{ seat: SeatName; card: string }>): HTMLElement {
  if (!cards.length) return el('p', { class: 'muted', text: t('noCardOnTable') });
  const trick = el('div', { class: 'cards', 'data-testid': 'recorder-trick', 'aria-label': t('trick') });
  for (const p of cards) {
    const item = el('span', { class: 'played', 'data-code': p.card });
    item.append(svg(cardSvg(p.card, c.s.style(), cardName(p.card, c.s.style(), c.s.language()))), el('span', { class: 'played-by', text: seatWord(p.seat) }));
    trick.append(item);
  }
  return trick;
}

/** A dealt deal's play: the hand of the seat to play, the cards it may not play greyed (a tap says why). */
export function drawDealtPlay(target: HTMLElement, c: RecorderControl, p: PlayPosition, seat: SeatName, last: Frame): void {
  const legal = new Set(legalCards(p));
  target.append(el('p', { class: 'muted', text: last.declaration ? gameWords(last.declaration, c.s.style()) : '' }));
  target.append(el('h3', { text: t('trick') }), trickView(c, p.trick));
  const hand = el('div', { class: 'cards', role: 'group', 'aria-label': t('handOf', { seat: seatWord(seat) }), 'data-testid': 'recorder-hand' });
  // The card ends the play (the tenth trick, or early: R18, R19), so the page asks first and says why.
  const ends = (code: string) => playLocally(p, code).endedBy ?? false;
  for (const code of sortForDisplay(
    p.hands[seat].map((x) => ({ code: x })),
    last.declaration?.game ?? null,
  ).map((x) => x.code)) {
    const move: RecorderMove = { kind: 'play', seat, card: code };
    hand.append(cardButton(c, code, 'play-card', () => (legal.has(code) ? c.record(move, ends(code)) : c.refusedTap(move)), false, !legal.has(code)));
  }
  target.append(el('h3', { text: t('handOf', { seat: seatWord(seat) }) }), hand);
}

/** A seen deal's play: all 32 cards, the played ones greyed; the seat is the one the trick implies. */
export function drawSeenPlay(target: HTMLElement, c: RecorderControl, f: Frame, seat: SeatName, p: PlayPosition | null): void {
  const trick = (f.currentTrick?.cards ?? []).map((p) => ({ seat: p.seat, card: p.card.code }));
  target.append(el('p', { class: 'muted', text: f.declaration ? gameWords(f.declaration, c.s.style()) : '' }));
  target.append(el('h3', { text: t('trick') }), trickView(c, trick));
  const open = new Set(f.legalMoves.filter((m) => m.kind === 'play' && m.card).map((m) => m.card!.code));
  // The last card completes the deal when the skat is known (a hand game's by elimination, or shown);
  // a card that stops the play early (R18, R19, or a revoke it proves, R20) is confirmed with the reason.
  const last = lastCardOfDeal(f, f.completedTricks.length, trick.length) && (f.declaration?.hand === true || f.hidden.skat === 0);
  const tricks = [...f.completedTricks.map((tr) => tr.cards.map((x) => ({ seat: x.seat, card: x.card.code }))), trick];
  const ends = (code: string): boolean | PlayEnd => {
    if (p && provesRevoke(p.game, tricks, seat, code)) return 'R20';
    const early = p ? playLocally(p, code).endedBy : undefined;
    return early === 'R18' || early === 'R19' ? early : last;
  };
  const player = c.players[SEAT_NAMES.indexOf(seat)];
  target.append(
    el('h3', { 'data-testid': 'grid-seat', text: t('seatPlays', { seat: seatWord(seat), player }) }),
    cardGrid({
      style: c.s.style(),
      lang: c.s.language(),
      label: t('cardGrid', { seat: seatWord(seat) }),
      testId: 'card-grid',
      game: f.declaration?.game ?? null,
      greyed: playedCodes(f),
      open,
      onTap: (code) => (open.has(code) ? c.record({ kind: 'play', seat, card: code }, ends(code)) : c.refusedTap({ kind: 'play', seat, card: code })),
    }),
  );
}

/**
 * A seen deal whose play is over: what is still to be shown. Each hand with unplayed cards not yet
 * known, then the skat (with the declarer's cards to pick from); the last group follows by elimination.
 */
export function drawSeenShowing(target: HTMLElement, c: RecorderControl, f: Frame): void {
  const hiddenSeats = SEAT_NAMES.filter((s) => f.hidden[seatKey(s)] > 0);
  const groupsLeft = hiddenSeats.length + (f.hidden.skat > 0 ? 1 : 0);
  const placed = playedCodes(f);
  for (const s of SEAT_NAMES) for (const card of f.hands[seatKey(s)]) placed.add(card.code);
  for (const card of f.skat) placed.add(card.code);
  if (hiddenSeats.length > 0) {
    const seat = hiddenSeats[0];
    const n = f.hidden[seatKey(seat)];
    const unknown = ALL_CODES.filter((x) => !placed.has(x));
    target.append(el('h3', { text: t('showHandTitle', { seat: seatWord(seat), n: c.picked.size, of: n }) }), pickGrid(c, f, unknown, n, 'show-hand-grid'));
    target.append(
      actionButton(t('handShown'), 'hand-shown', () => c.record({ kind: 'showHand', seat, cards: [...c.picked] }, groupsLeft <= 2), c.picked.size !== n),
    );
    return;
  }
  // The skat: two of the declarer's twelve (his played cards and the two nobody played).
  const declarer = f.declarer;
  const his = new Set<string>();
  for (const tr of f.completedTricks) for (const p of tr.cards) if (p.seat === declarer) his.add(p.card.code);
  for (const x of ALL_CODES) if (!placed.has(x)) his.add(x);
  target.append(el('h3', { text: t('showSkatTitle') }), pickGrid(c, f, [...his], 2, 'show-skat-grid'));
  target.append(
    actionButton(
      t('skatShown'),
      'skat-shown',
      () => c.record({ kind: 'showSkat', seat: declarer ?? 'FOREHAND', skat: [...c.picked] as [string, string] }, true),
      c.picked.size !== 2,
    ),
  );
}

function pickGrid(c: RecorderControl, f: Frame, cards: readonly string[], n: number, testId: string): HTMLElement {
  return cardGrid({
    style: c.s.style(),
    lang: c.s.language(),
    label: t('showSkatTitle'),
    testId,
    game: f.declaration?.game ?? null,
    greyed: new Set(),
    open: new Set(cards),
    pressed: c.picked,
    cards,
    onTap: (code) => {
      if (c.picked.has(code)) c.picked.delete(code);
      else if (c.picked.size < n) c.picked.add(code);
      c.redraw();
    },
  });
}

/** The auction, the skat decision, the discard (dealt deals) and the declaration. */
export function drawOther(target: HTMLElement, c: RecorderControl, f: Frame, seat: SeatName): void {
  const moves = f.legalMoves.filter((m) => (m.seat ?? seat) === seat);
  const kinds = new Set(moves.map((m) => m.kind));
  const lang = c.s.language();
  if (f.phase === 'BIDDING') {
    const bids = moves
      .filter((m) => m.kind === 'bid')
      .map((m) => m.value as number)
      .sort((a, b) => a - b);
    if (bids.length) {
      target.append(
        actionButton(t('bidNext', { value: bids[0] }), 'bid-next', () => c.record({ kind: 'bid', seat, value: bids[0] })),
        ' ',
      );
      const jump = el('select', { 'aria-label': t('bidOther'), 'data-testid': 'bid-other' }) as HTMLSelectElement;
      jump.append(el('option', { value: '', text: t('bidOther') }));
      for (const v of bids.slice(1)) jump.append(el('option', { value: String(v), text: String(v) }));
      jump.addEventListener('change', () => jump.value && c.record({ kind: 'bid', seat, value: Number(jump.value) }));
      target.append(jump, ' ');
    }
    if (kinds.has('hold'))
      target.append(
        actionButton(kindWords('hold', lang), 'hold', () => c.record({ kind: 'hold', seat })),
        ' ',
      );
    // The third pass with no bid passes the deal in: it ends the deal.
    const passes = f.bidding.filter((b) => b.value === null).length;
    const endsDeal = f.bidding.every((b) => b.value === null) && passes === 2;
    if (kinds.has('pass')) target.append(actionButton(kindWords('pass', lang), 'pass', () => c.record({ kind: 'pass', seat }, endsDeal)));
    return;
  }
  if (f.phase === 'SKAT_DECISION') {
    if (kinds.has('pickUpSkat'))
      target.append(
        actionButton(kindWords('pickUpSkat', lang), 'pick-up', () => c.record({ kind: 'pickUpSkat', seat })),
        ' ',
      );
    // A hand game is one tap too, as a game after the pick-up: its games here, the announcement one toggle above them.
    if (kinds.has('declare')) drawDeclarations(target, c, moves, seat, true);
    return;
  }
  if (f.phase === 'DISCARDING') {
    const hand = f.hands[seatKey(seat)].map((x) => x.code);
    const row = el('div', { class: 'cards', role: 'group', 'aria-label': t('chooseTwo'), 'data-testid': 'discard-hand' });
    for (const code of sortForDisplay(
      hand.map((x) => ({ code: x })),
      null,
    ).map((x) => x.code)) {
      row.append(
        cardButton(
          c,
          code,
          'discard-card',
          () => {
            if (c.picked.has(code)) c.picked.delete(code);
            else if (c.picked.size < 2) c.picked.add(code);
            c.redraw();
          },
          c.picked.has(code),
        ),
      );
    }
    const pick = [...c.picked];
    const ok = moves.some((m) => m.kind === 'discard' && m.cards && pick.length === 2 && m.cards.every((x) => pick.includes(x.code)));
    target.append(
      el('h3', { text: t('chooseTwo') }),
      row,
      actionButton(t('putAway'), 'put-away', () => c.record({ kind: 'discard', seat, cards: pick as [string, string] }), !ok),
    );
    return;
  }
  // The declaration after the pick-up: every game the rules allow now.
  drawDeclarations(target, c, moves, seat, false);
}

const levelOf = (d: { ouvert: boolean; schwarzAnnounced: boolean; schneiderAnnounced: boolean }): number =>
  d.ouvert ? 3 : d.schwarzAnnounced ? 2 : d.schneiderAnnounced ? 1 : 0;
const LEVEL_WORDS = ['noAnnouncement', 'schneiderAnnounced', 'schwarzAnnounced', 'ouvert'] as const;

/**
 * The games to declare, one button each: after the pick-up the games the rules allow; for a hand
 * game the same short list, at the announcement level chosen above it (none, schneider, schwarz,
 * ouvert: R12, each including the one before; null has only ouvert), not every combination at once.
 */
function drawDeclarations(target: HTMLElement, c: RecorderControl, moves: Frame['legalMoves'], seat: SeatName, hand: boolean): void {
  const lang = c.s.language();
  const options = moves.filter((m) => m.kind === 'declare' && m.declaration && m.declaration.hand === hand).map((m) => m.declaration!);
  const list = el('div', { class: 'declare-options', role: 'group', 'aria-label': hand ? t('handGames') : kindWords('declare', lang) });
  let shown = options;
  if (hand) {
    const levels = [...new Set(options.map(levelOf))].sort((a, b) => a - b);
    if (!levels.includes(c.announce)) c.announce = levels[0] ?? 0;
    const level = el('div', { class: 'announce-level', role: 'group', 'aria-label': t('announceLevel') });
    level.append(el('span', { text: `${t('announceLevel')}: ` }));
    for (const n of levels) {
      const b = actionButton(t(LEVEL_WORDS[n]), `announce-${n}`, () => ((c.announce = n), c.redraw()));
      b.setAttribute('aria-pressed', n === c.announce ? 'true' : 'false');
      level.append(b, ' ');
    }
    if (levels.length > 1) list.append(level);
    // At a level null does not have (schneider, schwarz), null is not offered; at ouvert, null ouvert.
    shown = options.filter((d) => levelOf(d) === c.announce);
  }
  for (const d of shown)
    list.append(
      actionButton(gameWords(d, c.s.style()), 'declare', () => c.record({ kind: 'declare', seat, declaration: d })),
      ' ',
    );
  target.append(el('h3', { text: hand ? t('handGames') : kindWords('declare', lang) }), list);
}

/**
 * What can go wrong at the table, as buttons: a misdeal (R4), a revoke (R20, deals recorded as
 * seen: the rules never let a dealt deal's wrong card be recorded), cards shown early (before the
 * play a misdeal, during it the declarer's claim or the defenders' concession, R21), and the
 * declarer's resignation. Each ends the deal or the play, so each is confirmed first.
 */
export function drawTableProblems(target: HTMLElement, c: RecorderControl, f: Frame): void {
  const box = el('div', { class: 'table-problems', role: 'group', 'aria-label': t('tableProblems') });
  const playing = f.phase === 'PLAYING';
  const misdeal: RecorderMove = { kind: 'abandon', seat: 'FOREHAND', reason: 'MISDEAL', note: t('misdealNote') };
  if (c.seatChoice) {
    box.append(el('p', { text: t('whichSeat') }));
    for (const seat of SEAT_NAMES) {
      const word = seatWord(seat);
      const label = c.seatChoice === 'revoke' ? t('revokeBy', { seat: word }) : t('shownEarlyBy', { seat: word });
      box.append(
        actionButton(label, `${c.seatChoice}-${seat.toLowerCase()}`, () => {
          const kind = c.seatChoice;
          c.seatChoice = null;
          if (kind === 'revoke') c.record({ kind: 'callRevoke', seat }, true);
          else if (seat === f.declarer) c.record({ kind: 'showCards', seat }, true);
          else c.record({ kind: 'defendersConcede', seat }, true);
        }),
        ' ',
      );
    }
    box.append(actionButton(t('cancel'), 'problem-cancel', () => ((c.seatChoice = null), c.redraw())));
    target.append(box);
    return;
  }
  if (!playing)
    box.append(
      actionButton(t('misdeal'), 'misdeal', () => c.record(misdeal, true)),
      ' ',
    );
  if (!playing)
    box.append(
      actionButton(t('shownEarly'), 'shown-early', () => c.record({ ...misdeal, note: t('shownEarlyNote') }, true)),
      ' ',
    );
  if (playing && f.declarer) {
    const d = f.declarer;
    const resign = { kind: 'resign', seat: d, value: null, card: null };
    const claim = { kind: 'showCards', seat: d, value: null, card: null };
    const words = (m: typeof resign) => t('bySeat', { move: moveWords(m, c.s.style(), c.s.language()), seat: seatWord(d) });
    box.append(
      actionButton(words(resign), `move-resign-${d.toLowerCase()}`, () => c.record({ kind: 'resign', seat: d }, true)),
      ' ',
      actionButton(words(claim), `move-showCards-${d.toLowerCase()}`, () => c.record({ kind: 'showCards', seat: d }, true)),
      ' ',
      actionButton(kindWords('defendersConcede', c.s.language()), 'move-concede', () => c.record({ kind: 'defendersConcede', seat: d }, true)),
      ' ',
      actionButton(t('shownEarly'), 'shown-early', () => ((c.seatChoice = 'shownEarly'), c.redraw())),
      ' ',
    );
    if (c.seen)
      box.append(
        actionButton(t('revoke'), 'revoke', () => ((c.seatChoice = 'revoke'), c.redraw())),
        ' ',
      );
  }
  target.append(box);
}
