// The recorder's choices for the position the page shows: the moves of the auction, the skat and
// the declaration, the seat's hand (dealt deals) or the 32-card grid (deals recorded as seen), the
// cards shown after the play, and what can go wrong at the table (misdeal, revoke, cards shown early).
import { cardName } from './card-names.js';
import { cardSvg } from './cards.js';
import { el, svg } from './dom.js';
import { sortForDisplay } from './hand-order.js';
import { legalCards, playLocally, type PlayPosition } from './local-play.js';
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
  /** Records a move; `ends`: it ends the deal, so the page asks first. */
  record(move: RecorderMove, ends?: boolean): void;
  /** A tap the known information rules out: the server's refusal (rule and reason) is shown. */
  refusedTap(move: RecorderMove): void;
  /** Cards picked for a discard or a showing, kept by the page between draws. */
  readonly picked: Set<string>;
  redraw(): void;
  /** A table problem asks for a seat first: which one is being asked (null: none). */
  seatChoice: null | 'revoke' | 'shownEarly';
  declareHand: boolean;
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
  // The card ends the play (the tenth trick, or R18: a null declarer's first trick), so the page asks first.
  const ends = (code: string) => playLocally(p, code).toAct === null;
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
export function drawSeenPlay(target: HTMLElement, c: RecorderControl, f: Frame, seat: SeatName): void {
  const trick = (f.currentTrick?.cards ?? []).map((p) => ({ seat: p.seat, card: p.card.code }));
  target.append(el('p', { class: 'muted', text: f.declaration ? gameWords(f.declaration, c.s.style()) : '' }));
  target.append(el('h3', { text: t('trick') }), trickView(c, trick));
  const open = new Set(f.legalMoves.filter((m) => m.kind === 'play' && m.card).map((m) => m.card!.code));
  // The last card completes the deal when the skat is known (a hand game's by elimination, or shown).
  const ends = lastCardOfDeal(f, f.completedTricks.length, trick.length) && (f.declaration?.hand === true || f.hidden.skat === 0);
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
      onTap: (code) => (open.has(code) ? c.record({ kind: 'play', seat, card: code }, ends) : c.refusedTap({ kind: 'play', seat, card: code })),
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
  if (f.phase === 'SKAT_DECISION' && !c.declareHand) {
    if (kinds.has('pickUpSkat'))
      target.append(
        actionButton(kindWords('pickUpSkat', lang), 'pick-up', () => c.record({ kind: 'pickUpSkat', seat })),
        ' ',
      );
    if (kinds.has('declare'))
      target.append(
        actionButton(t('playHand'), 'play-hand', () => {
          c.declareHand = true;
          c.redraw();
        }),
      );
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
  // The declaration: every game the rules allow now (after "hand", only hand games).
  const options = moves.filter((m) => m.kind === 'declare' && m.declaration && (f.phase !== 'SKAT_DECISION' || m.declaration.hand));
  const list = el('div', { class: 'declare-options', role: 'group', 'aria-label': kindWords('declare', lang) });
  for (const m of options)
    list.append(
      actionButton(gameWords(m.declaration!, c.s.style()), 'declare', () => c.record({ kind: 'declare', seat, declaration: m.declaration! })),
      ' ',
    );
  if (c.declareHand) list.append(actionButton(t('confirmNo'), 'hand-back', () => ((c.declareHand = false), c.redraw())));
  target.append(el('h3', { text: kindWords('declare', lang) }), list);
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
