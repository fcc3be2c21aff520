// The token this browser tab speaks with. A link may carry it in the fragment (#token=…, never sent
// to a server); it is moved into this tab's session storage and taken out of the address bar.
const KEY = 'skat-ledger.token';

export function adoptTokenFromLink(): void {
  const m = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (!m) return;
  sessionStorage.setItem(KEY, decodeURIComponent(m[1]));
  const rest = location.hash.replace(/(?:^#|&)token=[^&]+/, '').replace(/^&/, '');
  history.replaceState(null, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
}

export function currentToken(): string | null {
  return sessionStorage.getItem(KEY);
}

export function setToken(token: string | null): void {
  if (token) sessionStorage.setItem(KEY, token);
  else sessionStorage.removeItem(KEY);
}
