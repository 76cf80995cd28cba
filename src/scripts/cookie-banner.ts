/**
 * The cookie banner's common path without a framework (issue 11): the markup is prebuilt into every page
 * (src/components/CookieBanner.astro) and this module, loaded by the on-demand loader only when no valid choice is
 * stored, shows it 1 second after load and makes Accept All, Reject All and the X work at once. They write the same
 * record through the same consent module and nanostore as the preferences dialog, which loads (with React) only
 * when someone presses Manage Preferences or Cookie settings; a choice saved there hides the banner too.
 */
import { $consent, ALL_OPTIONAL, NO_OPTIONAL, saveConsent } from './consent';

/** Spec: the banner appears 1 second after the page loads when no choice is stored. */
export const BANNER_DELAY_MS = 1000;

/** The banner controls' `data-consent` values. */
export const BANNER_ACTION = { accept: 'accept', reject: 'reject', dismiss: 'dismiss' } as const;

const isShown = (element: HTMLElement) => element.isConnected && element.getClientRects().length > 0;

/**
 * Wires the prebuilt banner and shows it `BANNER_DELAY_MS` after `loadedAt` (a `performance.now()` time).
 * Marks the banner `data-mounted` once its buttons work.
 */
export function showCookieBanner(banner: HTMLElement, loadedAt: number): void {
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
  // Any saved choice hides the banner: its own buttons' and the preferences dialog's.
  const stop = $consent.listen((record) => {
    if (record) hide();
  });
  banner.setAttribute('data-mounted', '');

  const wait = Math.max(0, BANNER_DELAY_MS - (performance.now() - loadedAt));
  window.setTimeout(() => {
    if (!$consent.get()) banner.hidden = false;
  }, wait);
}
