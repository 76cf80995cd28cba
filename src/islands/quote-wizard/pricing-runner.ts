// Keeps $pricing in step with the answers (spec section 4): idle without a size or either postcode, otherwise loading
// from the first change, recalculated 1,000 ms after the last (or at once on demand), then success or error.
import { createPostcodeClient } from '~/lib/postcode-client';
import { POSTCODE_MESSAGES } from '~/lib/postcodes';
import { priceRoute, type RouteOutcome, type VerifiedRoute } from '~/lib/price-route';
import { postcodesApiUrl } from './postcodes-api';
import { ACCESS_FIELD_NAMES, type AccessFieldName } from '~/data/access';
import { $pricing, $wizard, accessOf, type PricingState, type WizardState } from './store';

export const PRICING_DEBOUNCE_MS = 1000;

const client = createPostcodeClient({ baseUrl: postcodesApiUrl });
/** The running calculation's own controller: starting a new one aborts the lookups of the old. */
let controller: AbortController | undefined;

/** What the price depends on; equal signatures mean the shown price is still right. */
export function pricingSignature(
  state: Pick<WizardState, 'propertyId' | 'fromPostcode' | 'toPostcode' | 'furnitureIds' | 'moveDate'> &
    Partial<Pick<WizardState, AccessFieldName>>,
): string | null {
  const from = state.fromPostcode.trim();
  const to = state.toPostcode.trim();
  if (!state.propertyId || !from || !to) return null;
  const access = ACCESS_FIELD_NAMES.map((name) => state[name] ?? '');
  return JSON.stringify([state.propertyId, from, to, [...state.furnitureIds].sort(), state.moveDate ?? '', access]);
}

async function calculate(): Promise<void> {
  const signature = pricingSignature($wizard.get());
  if (!signature) return;
  controller?.abort();
  const own = new AbortController();
  controller = own;
  inFlightSignature = signature;
  const state = $wizard.get();
  $pricing.set({ status: 'loading', signature });
  let outcome: RouteOutcome<VerifiedRoute>;
  try {
    outcome = await priceRoute(
      client,
      {
        propertyId: state.propertyId ?? '',
        fromPostcode: state.fromPostcode,
        toPostcode: state.toPostcode,
        moveDate: state.moveDate ?? undefined,
        furnitureIds: state.furnitureIds,
        access: accessOf(state),
      },
      { signal: own.signal },
    );
  } catch (error) {
    if (own.signal.aborted) return; // a newer calculation owns $pricing now
    console.error('Pricing failed', error);
    outcome = { ok: false, error: { code: 'pricing_failed', message: POSTCODE_MESSAGES.pricingFailed, field: 'both' } };
  }
  let next: PricingState;
  if (outcome.ok) {
    const { pricing, distanceMiles, from, to, notes } = outcome.route;
    next = { status: 'success', signature, result: pricing, distanceMiles, from, to, notes };
  } else {
    if (outcome.error.field === 'both') console.warn('Pricing failed', outcome.error);
    next = { status: 'error', signature, ...outcome.error };
  }
  // A newer change is waiting for its own calculation: this answer is already stale.
  if (controller === own && pendingSignature === undefined) {
    inFlightSignature = undefined;
    $pricing.set(next);
  }
}

let timer: ReturnType<typeof setTimeout> | undefined;
/** The signature a scheduled calculation is waiting to price, and the one being priced now. */
let pendingSignature: string | undefined;
let inFlightSignature: string | undefined;

function cancelScheduled(): void {
  clearTimeout(timer);
  timer = undefined;
  pendingSignature = undefined;
}

/** Reacts to a change of the answers: marks the price stale at once and recalculates after the debounce. */
export function schedulePricing(): void {
  const signature = pricingSignature($wizard.get());
  const current = $pricing.get();
  if (!signature) {
    cancelScheduled();
    controller?.abort();
    inFlightSignature = undefined;
    if (current.status !== 'idle') $pricing.set({ status: 'idle' });
    return;
  }
  if (signature === pendingSignature) return;
  if ((current.status === 'success' || current.status === 'error') && current.signature === signature) {
    cancelScheduled();
    return;
  }
  if (current.status === 'loading' && signature === inFlightSignature) return;
  cancelScheduled();
  pendingSignature = signature;
  $pricing.set({ status: 'loading', signature });
  timer = setTimeout(() => {
    timer = undefined;
    pendingSignature = undefined;
    void calculate();
  }, PRICING_DEBOUNCE_MS);
}

/** 'Recalculate': skips the debounce. */
export function priceNow(): void {
  cancelScheduled();
  void calculate();
}

/** The price once any pending or running calculation is done (submitting mid-recalculation waits for it). */
export function settledPricing(): Promise<PricingState> {
  return new Promise((resolve) => {
    const check = (state: PricingState) => {
      if (state.status === 'loading') return false;
      resolve(state);
      return true;
    };
    if (check($pricing.get())) return;
    const stop = $pricing.listen((state) => {
      if (check(state)) stop();
    });
  });
}
