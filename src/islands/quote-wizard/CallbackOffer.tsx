import { site, telHref } from '~/site.config';

/** Any `data-callback-trigger` opens the site's call-back dialog, loaded on demand by OnDemandIslands.astro. */
export function CallbackOffer({ lead }: { lead?: string }) {
  return (
    <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center" data-callback-offer>
      {lead && <span className="text-sm text-ink">{lead}</span>}
      <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <button type="button" className="btn-secondary min-h-10 px-4 text-sm" data-callback-trigger>
          Ask for a call-back
        </button>
        <span className="text-sm text-ink">
          or call{' '}
          <a href={telHref} className="font-semibold whitespace-nowrap text-brand-800 underline underline-offset-2">
            {site.phone.display}
          </a>
        </span>
      </span>
    </div>
  );
}
