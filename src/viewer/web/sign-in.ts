import { el } from './dom.js';
import { t } from './messages.js';

/** A form that takes a token once (pasted); the caller keeps it for this tab. */
export function renderSignIn(root: HTMLElement, why: string, onToken: (token: string) => void): void {
  const input = el('input', { type: 'password', name: 'token', autocomplete: 'off', 'data-testid': 'token-input' }) as HTMLInputElement;
  const form = el(
    'form',
    { class: 'sign-in', 'aria-label': t('signIn') },
    el('label', {}, t('pasteToken'), input),
    el('button', { type: 'submit', text: t('signIn') }),
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (input.value.trim()) onToken(input.value.trim());
  });
  root.append(el('h2', { text: t('signIn') }), el('p', { text: why }), form);
}
