import { useId, useState } from 'react';
import type { PricingResult } from '~/lib/pricing';
import { distanceLine, freeMilesLine, PRICE_LABELS, priceLines } from '~/lib/price-lines';
import { formatMoney } from './format';

interface Props {
  result: PricingResult;
  notes?: readonly string[];
}

/** Breakdown lines appear only when they add something; src/lib/price-lines.ts words them for every place a price is shown. */
export function QuoteCard({ result, notes = [] }: Props) {
  const [showBreakdown, setShowBreakdown] = useState(true);
  const id = useId();
  const freeMiles = freeMilesLine(result);

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
        {priceLines(result).map(({ key, label, amount }) => (
          <div key={key} className="flex justify-between gap-4">
            <dt>{label}</dt>
            <dd className="font-medium text-ink tabular-nums">{formatMoney(amount)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex items-baseline justify-between gap-4 border-t border-brand-200 pt-3">
        <span className="font-semibold">{PRICE_LABELS.total}</span>
        <span className="text-2xl font-bold text-brand-800 tabular-nums" data-quote-total>
          {formatMoney(result.total)}
        </span>
      </div>
      <p className="mt-2 text-sm text-ink-muted" data-quote-distance>
        {distanceLine(result)}
      </p>
      {freeMiles && <p className="text-sm text-ink-muted">{freeMiles}</p>}
      {notes.map((note) => (
        <p key={note} className="mt-1 text-sm text-ink-muted">
          {note}
        </p>
      ))}
    </section>
  );
}
