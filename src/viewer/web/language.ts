// The page language: English by default, German as a choice, remembered in the browser like the deck.
export type Language = 'en' | 'de';
export const LANGUAGES: readonly Language[] = ['en', 'de'];
const KEY = 'skat-ledger.language';

export function loadLanguage(): Language {
  const saved = localStorage.getItem(KEY);
  return LANGUAGES.includes(saved as Language) ? (saved as Language) : 'en';
}

export function saveLanguage(lang: Language): void {
  localStorage.setItem(KEY, lang);
}
