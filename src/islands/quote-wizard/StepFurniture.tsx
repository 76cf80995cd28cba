import { furniture } from '~/data/furniture';
import { QUOTE_HINTS } from '~/data/quote-labels';
import { formatMoney } from './format';

interface Props {
  selected: readonly string[];
  onToggle: (id: string) => void;
}

/** Step 2: optional items, each a toggle button; the running total is announced politely. */
export function StepFurniture({ selected, onToggle }: Props) {
  const total = furniture.filter((item) => selected.includes(item.id)).reduce((sum, item) => sum + item.price, 0);
  return (
    <div>
      <p className="text-ink-muted">{QUOTE_HINTS.furniture}</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {furniture.map((item) => {
          const on = selected.includes(item.id);
          return (
            <li key={item.id}>
              <button
                type="button"
                aria-pressed={on}
                onClick={() => onToggle(item.id)}
                className={`flex h-full min-h-14 w-full items-center justify-between gap-3 rounded-xl border-2 px-4 py-3 text-left transition-colors ${
                  on ? 'border-brand-600 bg-brand-50' : 'border-line bg-white hover:border-brand-300'
                }`}
              >
                <span className="flex min-w-0 items-center gap-3">
                  <span
                    aria-hidden="true"
                    className={`grid size-6 shrink-0 place-items-center rounded-md border-2 ${on ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-400'}`}
                  >
                    {on && (
                      <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="3">
                        <path d="m5 12 5 5 9-10" />
                      </svg>
                    )}
                  </span>
                  <span className="font-semibold text-ink">{item.name}</span>
                </span>
                {/* The price never wraps (issue 14): the name takes a second line first. */}
                <span className="shrink-0 font-semibold whitespace-nowrap text-brand-800 tabular-nums" data-furniture-price>
                  +{formatMoney(item.price)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-lg font-semibold" aria-live="polite" data-furniture-total>
        Furniture total: {formatMoney(total)}
      </p>
    </div>
  );
}
