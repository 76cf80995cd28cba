import { packages } from '~/data/packages';
import { SURVEY_SIZES, type SurveySize } from '~/data/survey';
import { formatMoney } from './format';

interface Props {
  selected: string | null;
  onSelect: (id: string) => void;
  labelledBy: string;
  /** A home above three bedrooms: no price, a free survey instead (SurveyOffer opens with this size). */
  onSurvey: (size: SurveySize) => void;
}

/** Step 1: the four packages as radio cards (arrow keys move between them, as native radios do). */
export function StepSize({ selected, onSelect, labelledBy, onSurvey }: Props) {
  return (
    <>
      <div role="radiogroup" aria-labelledby={labelledBy} className="grid gap-4 sm:grid-cols-2">
        {packages.map((pkg) => {
          const checked = selected === pkg.id;
          return (
            <label
              key={pkg.id}
              className={`relative flex cursor-pointer flex-col rounded-2xl border-2 bg-white p-5 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                checked ? 'border-brand-600 bg-brand-50' : 'border-line hover:border-brand-300'
              }`}
            >
              <input
                type="radio"
                name="property-size"
                value={pkg.id}
                checked={checked}
                onChange={() => onSelect(pkg.id)}
                className="sr-only"
              />
              <span className="flex items-start justify-between gap-3">
                <span className="text-lg font-bold text-ink">{pkg.title}</span>
                <span className="text-right text-sm text-ink-muted">
                  from <span className="block text-xl font-bold text-brand-800">{formatMoney(pkg.basePrice)}</span>
                </span>
              </span>
              <ul className="mt-2 space-y-0.5 text-sm text-ink-muted">
                {pkg.details.slice(0, 2).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <span
                aria-hidden="true"
                className={`mt-4 inline-flex min-h-10 items-center justify-center rounded-xl px-4 text-sm font-semibold ${
                  checked ? 'bg-brand-700 text-white' : 'border border-brand-200 text-brand-800'
                }`}
              >
                {checked ? 'Selected' : 'Select'}
              </span>
            </label>
          );
        })}
      </div>
      {/* Bigger homes sit beside the sizes, as buttons: choosing one asks for a survey, never a made-up price. */}
      <div className="mt-4 grid gap-4 sm:grid-cols-2" data-survey-sizes>
        {SURVEY_SIZES.map((size) => (
          <button
            key={size.value}
            type="button"
            onClick={() => onSurvey(size.value)}
            className="flex flex-col rounded-2xl border-2 border-dashed border-line bg-white p-5 text-left hover:border-brand-300"
          >
            <span className="flex w-full items-start justify-between gap-3">
              <span className="text-lg font-bold text-ink">{size.label}</span>
              <span className="text-right text-sm text-ink-muted">Free survey</span>
            </span>
            <span className="mt-2 text-sm text-ink-muted">Priced after a video or home survey, not guessed.</span>
          </button>
        ))}
      </div>
    </>
  );
}
