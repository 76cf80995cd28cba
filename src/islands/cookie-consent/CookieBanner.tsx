import { BANNER_ACTION } from '~/scripts/cookie-banner';
import { CloseButton } from '../shared/CloseButton';

/** Reject All and Accept All look exactly alike: refusing is as easy as agreeing. */
const CHOICE = 'btn-primary px-2 py-1 text-sm leading-tight sm:px-5 sm:py-2.5 sm:text-base';

/**
 * The cookie banner's markup, rendered at build time into every page (src/components/CookieBanner.astro) and hidden
 * until the page's loader shows it: no framework runs for it. 'Manage Preferences' is a Cookie settings control like
 * the footer's (`data-cookie-settings`), which loads the preferences dialog.
 * Compact on a phone (under a quarter of a 390 x 844 screen): two short text blocks and one row of buttons.
 */
export function CookieBanner() {
  return (
    <section
      hidden
      aria-labelledby="cookie-banner-title"
      aria-describedby="cookie-banner-text"
      className="fixed inset-x-0 bottom-0 z-50 p-2 sm:p-4"
      data-cookie-banner
    >
      <div className="relative mx-auto max-w-4xl rounded-2xl border border-line bg-white p-4 shadow-2xl sm:p-6 sm:pr-14">
        <h2 id="cookie-banner-title" className="pr-10 text-base sm:text-lg">
          We use cookies
        </h2>
        {/* Short sentences, each its own small block: the banner arrives a second after load and must never be
            the largest text on the page (it would become the page's LCP element). */}
        <div id="cookie-banner-text" className="mt-1 text-sm text-ink-muted sm:space-y-0.5">
          <p>Essential cookies keep this site working.</p>
          <p>
            With your permission we’d also use analytics, functional and marketing cookies. Read our{' '}
            <a href="/cookies" className="font-semibold text-brand-700 underline">
              cookie policy
            </a>
            .
          </p>
        </div>
        <div className="mt-3 grid grid-cols-3 gap-2 sm:mt-4 sm:flex sm:flex-wrap sm:justify-end">
          <button type="button" className="btn-ghost px-2 py-1 text-sm leading-tight sm:mr-auto sm:px-5 sm:text-base" data-cookie-settings>
            Manage Preferences
          </button>
          <button type="button" className={CHOICE} data-consent={BANNER_ACTION.reject}>
            Reject All
          </button>
          <button type="button" className={CHOICE} data-consent={BANNER_ACTION.accept}>
            Accept All
          </button>
        </div>
        <CloseButton label="Close cookie banner" className="top-2 right-2 sm:top-3 sm:right-3" data-consent={BANNER_ACTION.dismiss} />
      </div>
    </section>
  );
}
