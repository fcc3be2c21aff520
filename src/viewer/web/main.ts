import { DECK_STYLES, type DeckStyle } from './cards.js';
import { loadDeckStyle, saveDeckStyle } from './deck-preference.js';
import { LANGUAGES, loadLanguage, saveLanguage, type Language } from './language.js';
import { setLanguage, t, type MessageKey } from './messages.js';
import { adoptTokenFromLink } from './session.js';

// One page, views chosen by the query string: ?deal=ID (#step=N), ?sheet=TABLE, ?record=TABLE, ?table=TABLE (hall screen), else the list.
let style: DeckStyle = loadDeckStyle();
let language: Language = loadLanguage();
let teardown: () => void = () => undefined;
const settings = { style: () => style, language: () => language };

/** The page's own fixed words (header, skip link) follow the chosen language too. */
function translateChrome(): void {
  setLanguage(language);
  for (const node of Array.from(document.querySelectorAll<HTMLElement>('[data-i18n]'))) node.textContent = t(node.dataset.i18n as MessageKey);
  for (const node of Array.from(document.querySelectorAll<HTMLElement>('[data-i18n-label]')))
    node.setAttribute('aria-label', t(node.dataset.i18nLabel as MessageKey));
}

async function route(): Promise<void> {
  teardown();
  teardown = () => undefined;
  translateChrome();
  const root = document.getElementById('main')!;
  const params = new URLSearchParams(location.search);
  const deal = params.get('deal');
  const sheet = params.get('sheet');
  const record = params.get('record');
  const table = params.get('table');
  const standings = params.get('standings');
  const branch = params.get('branch');
  const hall = params.get('hall');
  const arbiter = params.get('arbiter');
  const player = params.get('player');
  // Each view's code is fetched when its page is opened: the organiser's page does not load the
  // replay, recorder and analysis modules (45 files on every page before, each one a request).
  if (hall) teardown = await (await import('./hall-view.js')).renderHall(root, hall, params.has('round') ? Number(params.get('round')) : null, table);
  else if (arbiter) teardown = await (await import('./arbiter-view.js')).renderArbiter(root, arbiter);
  else if (player) teardown = await (await import('./player-view.js')).renderPlayer(root, player);
  else if (branch) teardown = await (await import('./branch-view.js')).renderBranch(root, branch, settings);
  else if (params.has('organise')) teardown = await (await import('./organiser-view.js')).renderOrganiser(root);
  else if (standings) teardown = await (await import('./standings-view.js')).renderStandings(root, standings);
  else if (record) teardown = await (await import('./recorder-view.js')).renderRecorder(root, record, settings);
  else if (table) teardown = await (await import('./table-view.js')).renderTableScreen(root, table, settings);
  else if (deal) teardown = await (await import('./replay-view.js')).renderReplay(root, deal, settings);
  else if (sheet) teardown = await (await import('./sheet-view.js')).renderLiveSheet(root, sheet);
  else await (await import('./list-view.js')).renderList(root, params);
  document.body.dataset.ready = 'true';
}

adoptTokenFromLink();

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
const langPicker = document.getElementById('language') as HTMLSelectElement;
langPicker.value = language;
langPicker.addEventListener('change', () => {
  if (LANGUAGES.includes(langPicker.value as Language)) {
    language = langPicker.value as Language;
    saveLanguage(language);
    void route();
  }
});
window.addEventListener('popstate', () => void route());
void route();
