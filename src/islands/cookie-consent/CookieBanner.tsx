import { CloseButton } from '../shared/CloseButton';

interface CookieBannerProps {
  onAcceptAll: () => void;
  onRejectAll: () => void;
  onManage: (button: HTMLElement) => void;
  onClose: () => void;
}

export function CookieBanner({ onAcceptAll, onRejectAll, onManage, onClose }: CookieBannerProps) {
  return (
    <section
      aria-labelledby="cookie-banner-title"
      aria-describedby="cookie-banner-text"
      className="fixed inset-x-0 bottom-0 z-50 p-3 sm:p-4"
      data-cookie-banner
    >
      <div className="relative mx-auto max-w-4xl rounded-2xl border border-line bg-white p-5 pr-12 shadow-2xl sm:p-6 sm:pr-14">
        <h2 id="cookie-banner-title" className="text-lg">
          We use cookies
        </h2>
        {/* Short sentences, each its own small block: the banner arrives a second after load and must never be
            the largest text on the page (it would become the page's LCP element). */}
        <div id="cookie-banner-text" className="mt-1 space-y-0.5 text-sm text-ink-muted">
          <p>Essential cookies keep this site working.</p>
          <p>With your permission we’d also use analytics, functional and marketing cookies.</p>
          <p>
            You can change your mind at any time. Read our{' '}
            <a href="/cookies" className="font-semibold text-brand-700 underline">
              cookie policy
            </a>
            .
          </p>
        </div>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <button type="button" className="btn-ghost sm:mr-auto" onClick={(event) => onManage(event.currentTarget)}>
            Manage Preferences
          </button>
          <button type="button" className="btn-primary" onClick={onRejectAll}>
            Reject All
          </button>
          <button type="button" className="btn-primary" onClick={onAcceptAll}>
            Accept All
          </button>
        </div>
        <CloseButton label="Close cookie banner" onClick={onClose} className="top-3 right-3" />
      </div>
    </section>
  );
}
