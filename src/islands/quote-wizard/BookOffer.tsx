/**
 * Step 5's "Book and pay the deposit now" (issue 41 item 2), beside Submit for a standard move within the owner's
 * limits: the server asks the same rules (src/lib/instant-booking.ts) and the diary's room again. Its own chunk, loaded
 * only once both street addresses are given, so a customer who is never offered it never downloads it.
 */
import { INSTANT_BUTTON, INSTANT_EXPLAIN, instantRule } from '~/lib/instant-booking';
import { postedAddresses, type AddressFieldName } from '~/lib/move-facts';
import { accessOf, type WizardState } from './store';
import type { FullDaysAnswer } from '~/lib/office/diary';

interface Props {
  state: WizardState;
  /** Unrounded, as measured for the price shown. */
  miles: number;
  online: NonNullable<FullDaysAnswer['online']>;
  sending: boolean;
}

export default function BookOffer({ state, miles, online, sending }: Props) {
  const refused = instantRule(
    {
      propertyId: state.propertyId ?? '',
      service: state.request?.service ?? null,
      distanceMiles: miles,
      addresses: postedAddresses((name) => state[name as AddressFieldName]),
      access: accessOf(state),
    },
    { instantBooking: true, instantMaxSize: online.maxSize, instantMaxMiles: online.maxMiles },
  );
  if (refused) return null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center lg:col-span-2">
      {/* A submit button of step 5's form: StepContact reads its value as the submitter. */}
      <button type="submit" value="book" className="btn-secondary" disabled={sending} aria-describedby="book-now-explain">
        {INSTANT_BUTTON}
      </button>
      <p id="book-now-explain" className="text-sm text-ink-muted">
        {INSTANT_EXPLAIN}
      </p>
    </div>
  );
}
