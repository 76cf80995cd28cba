import { QUOTE_LABELS } from '~/data/quote-labels';
import { PostcodeCombobox } from './PostcodeCombobox';
import { QuoteCard } from './QuoteCard';
import type { PlaceInfo, PricingState } from './store';

interface Props {
  from: string;
  to: string;
  onChange: (patch: { fromPostcode?: string; toPostcode?: string }) => void;
  pricing: PricingState;
  onRecalculate: () => void;
  /** Why Continue did nothing, when it did nothing. */
  blockedMessage: string | null;
}

const placeText = (place: PlaceInfo) => [place.district, place.region].filter(Boolean).join(', ');

/** Step 3: the two postcodes, the live price and the spec's error messages tied to the fields. */
export function StepRoute({ from, to, onChange, pricing, onRecalculate, blockedMessage }: Props) {
  const error = pricing.status === 'error' ? pricing : null;
  const describedBy = (end: 'from' | 'to') =>
    [
      pricing.status === 'success' ? `quote-${end}-place` : '',
      error && (error.field === end || error.field === 'both') ? 'quote-route-error' : '',
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div className="space-y-5">
      <div className="grid gap-5 md:grid-cols-2">
        {(['from', 'to'] as const).map((end) => (
          <div key={end}>
            <PostcodeCombobox
              id={`quote-${end}`}
              label={QUOTE_LABELS[end === 'from' ? 'fromPostcode' : 'toPostcode']}
              value={end === 'from' ? from : to}
              onChange={(value) => onChange(end === 'from' ? { fromPostcode: value } : { toPostcode: value })}
              describedBy={describedBy(end)}
              invalid={!!error && (error.field === end || error.field === 'both')}
              autoComplete={end === 'from' ? 'section-from postal-code' : 'section-to postal-code'}
            />
            {pricing.status === 'success' && (
              <p id={`quote-${end}-place`} className="mt-1.5 text-sm text-ink-muted" data-place={end}>
                {pricing[end].postcode}: {placeText(pricing[end])}
              </p>
            )}
          </div>
        ))}
      </div>

      <div aria-live="polite" className="min-h-6">
        {pricing.status === 'loading' && (
          <p className="flex items-center gap-2 text-brand-800" data-pricing-loading>
            <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-brand-300 border-t-brand-700" />
            Calculating distance and pricing...
          </p>
        )}
      </div>

      {error && (
        <div id="quote-route-error" role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-danger">
          <p className="font-semibold">{error.message}</p>
          <button type="button" onClick={onRecalculate} className="mt-2 text-sm font-semibold underline underline-offset-2">
            Try again
          </button>
        </div>
      )}

      {pricing.status === 'success' && (
        <div className="space-y-2">
          <QuoteCard result={pricing.result} notes={pricing.notes} />
          <button type="button" onClick={onRecalculate} className="btn-ghost -ml-2 text-sm">
            Recalculate
          </button>
        </div>
      )}

      {blockedMessage && (
        <p id="quote-step-blocked" role="alert" className="font-medium text-danger">
          {blockedMessage}
        </p>
      )}
    </div>
  );
}
