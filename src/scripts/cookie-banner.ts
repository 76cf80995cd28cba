/** The cookie banner, fetched only when no valid choice is stored, so a returning visitor never downloads it (issue 20). */
// An own copy (src/build/import-marks.ts): a chunk of its own would be one more file on a first visit.
import { CLOSE_BUTTON_CLASS } from 'own-copy:~/islands/shared/close-button-class';
import { $consent, ALL_OPTIONAL, NO_OPTIONAL, saveConsent } from './consent';

export const BANNER_DELAY_MS = 1000;

export const BANNER_ACTION = { accept: 'accept', reject: 'reject', dismiss: 'dismiss' } as const;

/** Reject All and Accept All look exactly alike: refusing is as easy as agreeing. */
const CHOICE = 'btn-primary px-2 py-1 text-sm leading-tight sm:px-5 sm:py-2.5 sm:text-base';

/** Short sentences in small blocks: arriving a second after load, the banner must never become the page's LCP element. */
const BANNER_HTML = `<section hidden aria-labelledby="cookie-banner-title" aria-describedby="cookie-banner-text" class="fixed inset-x-0 bottom-0 z-50 p-2 sm:p-4" data-cookie-banner>
<div class="relative mx-auto max-w-4xl rounded-2xl border border-line bg-white p-4 shadow-2xl sm:p-6 sm:pr-14">
<h2 id="cookie-banner-title" class="pr-10 text-base sm:text-lg">We use cookies</h2>
<div id="cookie-banner-text" class="mt-1 text-sm text-ink-muted sm:space-y-0.5">
<p>Essential cookies keep this site working.</p>
<p>With your permission we’d also use analytics, functional and marketing cookies. Read our <a href="/cookies" class="font-semibold text-brand-700 underline">cookie policy</a>.</p>
</div>
<div class="mt-3 grid grid-cols-3 gap-2 sm:mt-4 sm:flex sm:flex-wrap sm:justify-end">
<button type="button" class="btn-ghost px-2 py-1 text-sm leading-tight sm:mr-auto sm:px-5 sm:text-base" data-cookie-settings>Manage Preferences</button>
<button type="button" class="${CHOICE}" data-consent="${BANNER_ACTION.reject}">Reject All</button>
<button type="button" class="${CHOICE}" data-consent="${BANNER_ACTION.accept}">Accept All</button>
</div>
<button type="button" aria-label="Close cookie banner" class="${CLOSE_BUTTON_CLASS} top-2 right-2 sm:top-3 sm:right-3" data-consent="${BANNER_ACTION.dismiss}"><svg viewBox="0 0 24 24" class="size-5" fill="none" stroke="currentColor" stroke-width="2.5" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg></button>
</div>
</section>`;

const isShown = (element: HTMLElement) => element.isConnected && element.getClientRects().length > 0;

/** `loadedAt` is a `performance.now()` time; `data-mounted` marks the banner once its buttons work. */
export function mount(host: HTMLElement, loadedAt: number): void {
  host.innerHTML = BANNER_HTML;
  const banner = host.firstElementChild as HTMLElement;
  // Where the reader was before focus entered the banner: focus goes back there after a choice.
  let cameFrom: HTMLElement | null = null;
  banner.addEventListener('focusin', (event) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !banner.contains(from)) cameFrom = from;
  });

  const hide = () => {
    const hadFocus = banner.contains(document.activeElement);
    banner.hidden = true;
    stop();
    if (!hadFocus) return;
    const target = cameFrom && isShown(cameFrom) ? cameFrom : document.querySelector<HTMLElement>('main');
    target?.focus({ preventScroll: true });
  };

  banner.addEventListener('click', (event) => {
    const action = (event.target as Element | null)?.closest<HTMLElement>('[data-consent]')?.dataset.consent;
    if (action === BANNER_ACTION.accept) saveConsent(ALL_OPTIONAL);
    else if (action === BANNER_ACTION.reject) saveConsent(NO_OPTIONAL);
    // The X hides without saving: the banner returns on the next page load.
    else if (action === BANNER_ACTION.dismiss) hide();
  });
  const stop = $consent.listen((record) => {
    if (record) hide();
  });
  banner.setAttribute('data-mounted', '');

  const wait = Math.max(0, BANNER_DELAY_MS - (performance.now() - loadedAt));
  window.setTimeout(() => {
    if (!$consent.get()) banner.hidden = false;
  }, wait);
}
