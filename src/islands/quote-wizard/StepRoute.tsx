import { lazy, Suspense } from 'react';
import type { RouteErrorCode } from '~/lib/price-route';
import { site } from '~/site.config';
import { CallbackOffer } from './CallbackOffer';
import { ACCESS_HINT, ACCESS_TABLE_HREF, ACCESS_KEYS, ACCESS_QUESTIONS, accessField, type AccessFieldName } from '~/data/access';
import { QUOTE_HINTS, QUOTE_LABELS, QUOTE_ROUTE_ENDS } from '~/data/quote-labels';
import { LIMITS } from '~/lib/limits';
import { addressAutocomplete, ADDRESS_PARTS, addressField, type AddressFieldName } from '~/lib/move-facts';
import { PostcodeCombobox } from './PostcodeCombobox';
import { QuoteCard } from './QuoteCard';
import { routeMapView } from '~/lib/route-map';
import type { Answers, PlaceInfo, PricingState } from './store';

// The map (its outline is a few KB) loads with the first price, not with the wizard's first screen.
export const loadRouteMap = () => import('./RouteMap');
const RouteMap = lazy(() => loadRouteMap().then((m) => ({ default: m.RouteMap })));

type RoutePatch = Partial<Pick<Answers, 'fromPostcode' | 'toPostcode' | AddressFieldName | AccessFieldName>>;

interface Props {
  answers: Pick<Answers, 'fromPostcode' | 'toPostcode' | AddressFieldName | AccessFieldName>;
  onChange: (patch: RoutePatch) => void;
  pricing: PricingState;
  onRecalculate: () => void;
  /** Why Continue did nothing, when it did nothing. */
  blockedMessage: string | null;
}

type RouteEnd = 'from' | 'to';
type PricingError = Extract<PricingState, { status: 'error' }>;

const placeText = (place: PlaceInfo) => [place.district, place.region].filter(Boolean).join(', ');

/** What to do about each error, in plain words, under the spec's own message (chosen by code, never by message text). */
const HELP: Record<RouteErrorCode, (end: RouteEnd | 'both') => string> = {
  invalid_postcode: (end) =>
    `Check the postcode you are moving ${end === 'to' ? 'to' : 'from'}. A UK postcode looks like SW1A 1AA or M1 1AE; you can type a house number before it.`,
  postcode_not_found: () =>
    'We could not find this postcode. Check it for a typing slip, such as the letter O for a zero. If it is right (new streets are sometimes missing), we can work out your price with you.',
  postcode_service_down: () =>
    `Our postcode look-up is not answering just now. Try again in a moment, or call us on ${site.phone.display}.`,
  unknown_property: () => 'Go back to step 1 and choose the size of your move.',
  pricing_failed: () => `Something went wrong on our side. Try again in a moment, or call us on ${site.phone.display}.`,
};

/**
 * Step 3. The address follows the GOV.UK pattern (line 1, line 2, town, beside the postcode); a picked postcode suggestion
 * never touches it. The access answers are priced, so changing one prices the move again.
 */
export function StepRoute({ answers, onChange, pricing, onRecalculate, blockedMessage }: Props) {
  const error = pricing.status === 'error' ? pricing : null;
  const errorAt = (end: RouteEnd) => (error?.field === end ? error : null);
  const routeError = error?.field === 'both' ? error : null;
  const describedBy = (end: RouteEnd) =>
    [
      pricing.status === 'success' ? `quote-${end}-place` : '',
      errorAt(end) ? `quote-${end}-error` : '',
      routeError ? 'quote-route-error' : '',
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div className="space-y-5">
      <p id="quote-access-hint" className="text-sm text-ink-muted">
        {ACCESS_HINT}{' '}
        <a href={ACCESS_TABLE_HREF} className="font-semibold text-brand-800 underline underline-offset-2">
          The access table
        </a>
      </p>
      <div className="grid gap-5 md:grid-cols-2">
        {(['from', 'to'] as const).map((end) => (
          <fieldset key={end} className="min-w-0 space-y-4" aria-labelledby={`quote-${end}-legend`}>
            <legend id={`quote-${end}-legend`} className="text-lg font-bold text-ink">
              {QUOTE_ROUTE_ENDS[end]}
            </legend>
            <div>
              <PostcodeCombobox
                id={`quote-${end}`}
                label={QUOTE_LABELS[end === 'from' ? 'fromPostcode' : 'toPostcode']}
                group={{ id: `quote-${end}-legend`, label: QUOTE_ROUTE_ENDS[end] }}
                value={end === 'from' ? answers.fromPostcode : answers.toPostcode}
                onChange={(value) => onChange(end === 'from' ? { fromPostcode: value } : { toPostcode: value })}
                describedBy={describedBy(end)}
                invalid={!!errorAt(end)}
                autoComplete={`section-${end} postal-code`}
              />
              {pricing.status === 'success' && (
                <p id={`quote-${end}-place`} className="mt-1.5 text-sm text-ink-muted" data-place={end}>
                  {pricing[end].postcode}: {placeText(pricing[end])}
                </p>
              )}
              {errorAt(end) && <RouteErrorBox id={`quote-${end}-error`} error={errorAt(end)!} end={end} />}
            </div>
            {ADDRESS_PARTS.map((part) => {
              const name = addressField(end, part);
              return (
                <div key={part}>
                  <label htmlFor={`quote-${name}`} id={`quote-${name}-label`} className="field-label">
                    {QUOTE_LABELS[name]}
                  </label>
                  {part === 'line1' && (
                    <p id={`quote-${end}-address-hint`} className="mb-1.5 text-sm text-ink-muted">
                      {QUOTE_HINTS.address}
                    </p>
                  )}
                  <input
                    id={`quote-${name}`}
                    type="text"
                    className="field-input"
                    aria-labelledby={`quote-${end}-legend quote-${name}-label`}
                    aria-describedby={part === 'line1' ? `quote-${end}-address-hint` : undefined}
                    autoComplete={addressAutocomplete(end, part)}
                    maxLength={LIMITS.address}
                    value={answers[name]}
                    onChange={(event) => onChange({ [name]: event.target.value } as RoutePatch)}
                  />
                </div>
              );
            })}
            <div
              className="grid gap-3"
              role="group"
              aria-labelledby={`quote-${end}-legend quote-${end}-access`}
              aria-describedby="quote-access-hint"
            >
              <p id={`quote-${end}-access`} className="sr-only">
                Access
              </p>
              {ACCESS_KEYS.map((question) => {
                const name = accessField(end, question);
                return (
                  <div key={question} className="min-w-0">
                    <label htmlFor={`quote-${name}`} className="field-label">
                      {ACCESS_QUESTIONS[question].label} <span className="font-normal text-ink-muted">(optional)</span>
                    </label>
                    <select
                      id={`quote-${name}`}
                      name={name}
                      className="field-input"
                      value={answers[name]}
                      onChange={(event) => onChange({ [name]: event.target.value } as RoutePatch)}
                    >
                      <option value="">Not sure yet</option>
                      {ACCESS_QUESTIONS[question].options.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  </div>
                );
              })}
            </div>
          </fieldset>
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

      {routeError && <RouteErrorBox id="quote-route-error" error={routeError} end="both" onRetry={onRecalculate} />}

      {pricing.status === 'success' && (
        <div className="grid gap-6 md:grid-cols-2">
          <div className="space-y-2">
            <QuoteCard result={pricing.result} notes={pricing.notes} />
            <button type="button" onClick={onRecalculate} className="btn-ghost -ml-2 text-sm">
              Recalculate
            </button>
          </div>
          {/* A price saved before places carried coordinates has no map until it is worked out again. */}
          {Number.isFinite(pricing.from.latitude) && Number.isFinite(pricing.to.latitude) && (
            <Suspense fallback={null}>
              <RouteMap {...routeMapView(pricing.from, pricing.to, pricing.result.distance)} />
            </Suspense>
          )}
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

/** `id` marks what the fields point to with aria-describedby: the message and the help, not the buttons after them. */
function RouteErrorBox({ id, error, end, onRetry }: { id: string; error: PricingError; end: RouteEnd | 'both'; onRetry?: () => void }) {
  return (
    <div role="alert" className="mt-2 rounded-xl border border-red-300 bg-red-50 p-4" data-route-error={error.code}>
      <div id={id}>
        <p className="font-semibold text-danger">{error.message}</p>
        <p className="mt-1 text-sm text-ink">{HELP[error.code](end)}</p>
      </div>
      {error.code === 'postcode_not_found' && <CallbackOffer />}
      {onRetry && (
        <button type="button" onClick={onRetry} className="mt-2 text-sm font-semibold text-danger underline underline-offset-2">
          Try again
        </button>
      )}
    </div>
  );
}
