import { graphql } from './api.js';
import { clear, el } from './dom.js';
import { t, type MessageKey } from './messages.js';
import { newCommandId } from './recorder-queue.js';
import { possibleBids, previewResult, type ResultFacts } from './result-preview.js';

const ENTER_RESULT = `mutation($commandId: ID!, $input: EnterResultInput!) { enterResult(commandId: $commandId, input: $input) { revision dealId } }`;
const GAMES: ReadonlyArray<readonly [string, MessageKey]> = [
  ['CLUBS', 'clubs'],
  ['SPADES', 'spades'],
  ['HEARTS', 'hearts'],
  ['DIAMONDS', 'diamonds'],
  ['GRAND', 'grand'],
  ['NULL', 'null'],
];

/**
 * A whole deal entered as its result (the paper list's line): declarer, game and modifiers,
 * matadors, bid, card points (or won/lost for null). The value is shown before it is sent; the
 * server checks the facts and derives the score itself.
 */
export function renderResultForm(target: HTMLElement, tableId: string, players: readonly string[], onRecorded: (message: string) => void): void {
  clear(target);
  const form = el('form', { class: 'result-form', 'aria-label': t('resultOnly'), 'data-testid': 'result-form' });
  const field = (label: string, control: HTMLElement) => el('label', {}, label, control);
  const select = (name: string, options: Array<[string, string]>) => {
    const s = el('select', { name, 'data-testid': `result-${name}` }) as HTMLSelectElement;
    for (const [v, text] of options) s.append(el('option', { value: v, text }));
    return s;
  };
  const check = (name: string) => el('input', { type: 'checkbox', name, 'data-testid': `result-${name}` }) as HTMLInputElement;
  const passedIn = check('passedIn');
  const declarer = select(
    'declarer',
    players.map((p) => [p, p]),
  );
  const game = select(
    'game',
    GAMES.map(([v, k]) => [v, t(k)]),
  );
  const hand = check('hand');
  const ouvert = check('ouvert');
  const schneiderAnnounced = check('schneiderAnnounced');
  const schwarzAnnounced = check('schwarzAnnounced');
  const matadors = select('matadors', []);
  const bid = select(
    'bid',
    possibleBids().map((v) => [String(v), String(v)]),
  );
  const points = el('input', { type: 'number', name: 'points', min: 0, max: 120, inputmode: 'numeric', 'data-testid': 'result-points' }) as HTMLInputElement;
  const schwarz = check('schwarz');
  const nullWon = select('nullWon', [
    ['won', t('won')],
    ['lost', t('lost')],
  ]);
  const preview = el('p', { role: 'status', class: 'preview', 'data-testid': 'result-preview' });
  const send = el('button', { type: 'submit', class: 'action', 'data-testid': 'result-send', text: t('recordResult') }) as HTMLButtonElement;
  const suitOnly = el(
    'div',
    { class: 'suit-only' },
    field(t('matadorsLabel'), matadors),
    field(t('cardPointsWithSkat'), points),
    el('label', {}, schwarz, t('schwarzReached')),
  );
  const nullOnly = el('div', { class: 'null-only' }, field(t('result'), nullWon));
  const details = el(
    'div',
    {},
    field(t('colDeclarer'), declarer),
    field(t('game'), game),
    el(
      'div',
      { class: 'modifiers' },
      el('label', {}, hand, t('hand')),
      el('label', {}, ouvert, t('ouvert')),
      el('label', {}, schneiderAnnounced, t('schneiderAnnounced')),
      el('label', {}, schwarzAnnounced, t('schwarzAnnounced')),
    ),
    suitOnly,
    nullOnly,
    field(t('bidLabel'), bid),
  );
  form.append(el('label', {}, passedIn, t('rPassedIn')), details, preview, send);
  target.append(el('h3', { text: t('resultOnly') }), form);

  const facts = (): ResultFacts => {
    const isNull = game.value === 'NULL';
    return {
      passedIn: passedIn.checked,
      game: game.value,
      hand: hand.checked,
      ouvert: ouvert.checked,
      schneiderAnnounced: !isNull && schneiderAnnounced.checked,
      schwarzAnnounced: !isNull && schwarzAnnounced.checked,
      matadors: isNull ? 0 : Number(matadors.value),
      bid: Number(bid.value),
      declarerPoints: isNull || points.value === '' ? null : Number(points.value),
      schwarz: !isNull && schwarz.checked,
      nullWon: isNull ? nullWon.value === 'won' : null,
    };
  };
  const update = () => {
    const isNull = game.value === 'NULL';
    details.hidden = passedIn.checked;
    suitOnly.hidden = isNull;
    nullOnly.hidden = !isNull;
    schneiderAnnounced.disabled = isNull;
    schwarzAnnounced.disabled = isNull;
    // R27: with/without 1..11 in suit games, 1..4 in grand.
    const max = game.value === 'GRAND' ? 4 : 11;
    const keep = matadors.value;
    if (matadors.options.length !== 2 * max) {
      clear(matadors);
      for (let n = 1; n <= max; n++) matadors.append(el('option', { value: String(n), text: t('withN', { n }) }));
      for (let n = 1; n <= max; n++) matadors.append(el('option', { value: String(-n), text: t('withoutN', { n }) }));
      if ([...matadors.options].some((o) => o.value === keep)) matadors.value = keep;
    }
    const p = previewResult(facts());
    preview.textContent = !p
      ? t('previewIncomplete')
      : passedIn.checked
        ? t('rPassedIn')
        : t(p.overbid ? 'previewOverbid' : p.won ? 'previewWon' : 'previewLost', {
            who: declarer.value,
            value: p.value,
            score: p.score > 0 ? `+${p.score}` : String(p.score),
          });
    send.disabled = !p;
  };
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const f = facts();
    const result = f.passedIn
      ? { passedIn: true }
      : {
          declarer: declarer.value,
          game: f.game,
          hand: f.hand,
          ouvert: f.ouvert,
          schneiderAnnounced: f.schneiderAnnounced,
          schwarzAnnounced: f.schwarzAnnounced,
          bid: f.bid,
          ...(f.game === 'NULL'
            ? { nullWon: f.nullWon }
            : {
                matadors: f.matadors,
                declarerPoints: f.declarerPoints,
                schneider: (f.declarerPoints ?? 0) >= 90 || (f.declarerPoints ?? 99) <= 30,
                schwarz: f.schwarz,
              }),
        };
    send.disabled = true;
    graphql(ENTER_RESULT, { commandId: newCommandId(), input: { tableId, result } })
      .then(() => onRecorded(''))
      .catch((e: Error) => onRecorded(t('moveRefused', { reason: e.message })));
  });
  update();
}
