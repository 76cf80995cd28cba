import { findPackage } from '~/data/packages';
import { formatLongDate, londonToday } from '~/lib/dates';
import type { Draft } from './draft';
import { DRAFT_DAYS } from './storage-keys';

interface Props {
  draft: Draft;
  onContinue: () => void;
  onStartAgain: () => void;
}

/** What an earlier visit left unfinished, in a line, and the two ways on: continue it, or start again. */
export function ContinueOffer({ draft, onContinue, onStartAgain }: Props) {
  const { propertyId, fromPostcode, toPostcode, moveDate } = draft.answers;
  const route = fromPostcode.trim() && toPostcode.trim() ? `${fromPostcode.trim()} to ${toPostcode.trim()}` : '';
  const summary = [findPackage(propertyId ?? '')?.title, route, moveDate && `moving ${formatLongDate(moveDate)}`]
    .filter(Boolean)
    .join(', ');
  return (
    <section aria-labelledby="quote-continue-title" data-continue-offer>
      <h2 id="quote-continue-title" className="text-2xl sm:text-3xl">
        Continue your quote?
      </h2>
      <p className="mt-3">
        You started a quote on {formatLongDate(londonToday(new Date(draft.savedAt)))}
        {summary ? `: ${summary}.` : '.'}
      </p>
      <p className="mt-2 text-sm text-ink-muted">
        We keep unfinished answers on this device for {DRAFT_DAYS} days, never your name, e-mail address or phone number.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button type="button" className="btn-primary" onClick={onContinue}>
          Continue your quote
        </button>
        <button type="button" className="btn-secondary" onClick={onStartAgain}>
          Start again
        </button>
      </div>
    </section>
  );
}
