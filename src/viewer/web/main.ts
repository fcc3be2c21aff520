import { DECK_STYLES, type DeckStyle } from './cards.js';
import { loadDeckStyle, saveDeckStyle } from './deckPreference.js';
import { renderList } from './listView.js';
import { renderReplay } from './replayView.js';
import { renderSheet } from './sheetView.js';

// One page, three views chosen by the query string: ?deal=ID (#step=N), ?sheet=TABLE, else the list.
let style: DeckStyle = loadDeckStyle();
let teardown: () => void = () => undefined;

async function route(): Promise<void> {
  teardown();
  teardown = () => undefined;
  const root = document.getElementById('main')!;
  const params = new URLSearchParams(location.search);
  const deal = params.get('deal');
  const sheet = params.get('sheet');
  if (deal) teardown = await renderReplay(root, deal, () => style);
  else if (sheet) await renderSheet(root, sheet);
  else await renderList(root, params);
  document.body.dataset.ready = 'true';
}

const picker = document.getElementById('deck-style') as HTMLSelectElement;
picker.value = style;
picker.addEventListener('change', () => {
  if (DECK_STYLES.includes(picker.value as DeckStyle)) {
    style = picker.value as DeckStyle;
    saveDeckStyle(style);
    // Redraw the current view with the new deck (the step stays in the URL).
    void route();
  }
});
window.addEventListener('popstate', () => void route());
void route();
