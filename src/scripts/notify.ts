/** Notifications, one at a time. Their styles load with the first one, so no page carries them (issue 20). */
import { REGION_CLASS } from './notify-region';

import type { Notice, NoticeVariant } from './notice-key';
export type { Notice, NoticeVariant };

/** Milliseconds (spec section 9). */
export const NOTICE_DURATION: Record<NoticeVariant, number> = { default: 4000, success: 3000, error: 4000 };

import { HANDOFF_KEY } from './notice-key';
export { handOff } from './notice-key';
// Its own copy (a few lines): a shared chunk would be one more request on the quote page's first visit.
import { loadStylesheet } from 'own-copy:~/scripts/stylesheet';

export { HANDOFF_KEY };

const ICONS: Record<NoticeVariant, string> = {
  success:
    '<svg viewBox="0 0 24 24" class="size-5 shrink-0 text-green-400" fill="none" stroke="currentColor" stroke-width="2.5" aria-hidden="true"><circle cx="12" cy="12" r="10"/><path d="m8 12 3 3 5-6"/></svg>',
  error:
    '<svg viewBox="0 0 24 24" class="size-5 shrink-0 text-red-400" fill="none" stroke="currentColor" stroke-width="2.5" aria-hidden="true"><circle cx="12" cy="12" r="10"/><path d="M12 7v6M12 16.5v.5"/></svg>',
  default:
    '<svg viewBox="0 0 24 24" class="size-5 shrink-0 text-brand-300" fill="none" stroke="currentColor" stroke-width="2.5" aria-hidden="true"><circle cx="12" cy="12" r="10"/><path d="M12 11v6M12 7.5V8"/></svg>',
};

let current: { element: HTMLElement; timer: number | undefined } | undefined;
let styles: Promise<unknown> | undefined;

function region(): HTMLElement {
  let el = document.querySelector<HTMLElement>('[data-notifications]');
  if (!el) {
    el = document.createElement('div');
    el.setAttribute('data-notifications', '');
    el.className = REGION_CLASS;
    document.body.append(el);
  }
  return el;
}

export function dismiss(): void {
  if (!current) return;
  window.clearTimeout(current.timer);
  current.element.remove();
  current = undefined;
}

export function notify(notice: Notice): HTMLElement {
  const variant = notice.variant ?? 'default';
  dismiss();
  const host = region();
  host.setAttribute('aria-live', variant === 'error' ? 'assertive' : 'polite');
  host.setAttribute('role', variant === 'error' ? 'alert' : 'status');

  const el = document.createElement('div');
  el.className =
    'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl bg-slate-900 p-4 text-slate-50 shadow-xl ring-1 ring-white/10';
  el.setAttribute('data-notice', variant);
  el.innerHTML = ICONS[variant];

  const text = document.createElement('div');
  text.className = 'min-w-0 flex-1';
  const title = document.createElement('p');
  title.className = 'font-semibold';
  title.textContent = notice.title;
  text.append(title);
  if (notice.description) {
    const description = document.createElement('p');
    description.className = 'mt-0.5 text-sm text-slate-300';
    description.textContent = notice.description;
    text.append(description);
  }

  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'rounded-md p-1 text-slate-300 hover:bg-white/10 hover:text-white';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.innerHTML =
    '<svg viewBox="0 0 24 24" class="size-4" fill="none" stroke="currentColor" stroke-width="2.5" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';
  close.addEventListener('click', dismiss);

  el.append(text, close);

  const entry: { element: HTMLElement; timer: number | undefined } = { element: el, timer: undefined };
  const start = () => {
    entry.timer = window.setTimeout(() => current === entry && dismiss(), NOTICE_DURATION[variant]);
  };
  const pause = () => window.clearTimeout(entry.timer);
  // Reading or reaching for the close button should not race the timer (WCAG 2.2.1).
  el.addEventListener('mouseenter', pause);
  el.addEventListener('mouseleave', start);
  el.addEventListener('focusin', pause);
  el.addEventListener('focusout', start);
  current = entry;
  const href = host.dataset.css;
  styles ??= href ? loadStylesheet(href) : Promise.resolve();
  void styles.then(() => {
    if (current !== entry) return;
    host.append(el);
    start();
  });
  return el;
}

export function showHandedOff(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(HANDOFF_KEY);
    sessionStorage.removeItem(HANDOFF_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const notice = JSON.parse(raw) as Notice;
    if (typeof notice?.title === 'string') notify(notice);
  } catch {
    // Malformed: nothing to show.
  }
}
