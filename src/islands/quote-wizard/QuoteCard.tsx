import { useId, useState } from 'react';
import type { PricingResult } from '~/lib/pricing';
import { describeDistance, formatMoney } from './format';

interface Props {
  result: PricingResult;
  notes?: readonly string[];
}

/**
 * 'Estimated Quote': the breakdown lines appear only when they add something; the breakdown can be hidden. Miles
 * are the straight line between the postcodes, and say so (describeDistance).
 */
export function QuoteCard({ result, notes = [] }: Props) {
  const [showBreakdown, setShowBreakdown] = useState(true);
  const id = useId();
  const lines: Array<[string, number]> = [['Base service', result.basePrice]];
  if (result.extraMiles > 0) lines.push([`Extra distance (${describeDistance(result.extraMiles)})`, result.distanceCharge]);
  if (result.weekendSurcharge > 0) lines.push(['Weekend surcharge', result.weekendSurcharge]);
  if (result.furnitureCosts > 0) lines.push(['Additional furniture', result.furnitureCosts]);

  return (
    <section aria-labelledby={`${id}-title`} data-quote-card className="rounded-2xl border border-brand-200 bg-brand-50 p-5">
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${id}-title`} className="text-lg">
          Estimated Quote
        </h3>
        <button
          type="button"
          className="rounded-md px-2 py-1 text-sm font-semibold whitespace-nowrap text-brand-800 underline underline-offset-2 hover:bg-brand-100"
          aria-expanded={showBreakdown}
          aria-controls={`${id}-breakdown`}
          onClick={() => setShowBreakdown((shown) => !shown)}
        >
          {showBreakdown ? 'Hide breakdown' : 'Show breakdown'}
        </button>
      </div>
      <dl id={`${id}-breakdown`} hidden={!showBreakdown} className="mt-3 space-y-1.5 text-ink-muted">
        {lines.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt>{label}</dt>
            <dd className="font-medium text-ink tabular-nums">{formatMoney(amount)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex items-baseline justify-between gap-4 border-t border-brand-200 pt-3">
        <span className="font-semibold">Total Estimate</span>
        <span className="text-2xl font-bold text-brand-800 tabular-nums" data-quote-total>
          {formatMoney(result.total)}
        </span>
      </div>
      <p className="mt-2 text-sm text-ink-muted" data-quote-distance>
        Distance: {describeDistance(result.distance)}
      </p>
      {result.freeMiles > 0 && <p className="text-sm text-ink-muted">Includes {result.freeMiles} miles at no extra charge</p>}
      {notes.map((note) => (
        <p key={note} className="mt-1 text-sm text-ink-muted">
          {note}
        </p>
      ))}
    </section>
  );
}
