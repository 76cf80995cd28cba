import { createContext, useContext, useId, useRef, useState } from 'react';
import { DayButton, DayPicker, labelDayButton, type DayButtonProps } from 'react-day-picker';
import dayPickerStyles from 'react-day-picker/style.css?url';
import { QUOTE_HINTS, QUOTE_LABELS } from '~/data/quote-labels';
import { addDays, formatLongDate, isWeekend, londonToday } from '~/lib/dates';
import { calculatePricing, WEEKEND_SURCHARGE_RATE } from '~/lib/pricing';
import { fromDate, parseTypedDate, toDate, toTyped } from './dates';
import { formatMoney } from './format';

/** The priced route, without its date: enough for the engine to price any day. */
export interface PricedRoute {
  propertyId: string;
  furnitureIds: readonly string[];
  distanceMiles: number;
}

/**
 * The calendar's stylesheet travels with this lazily loaded step instead of sitting in /quote's inline CSS; the
 * wizard renders the step once it has loaded, so the calendar never shifts. A promise rather than a top-level await:
 * Safari before 27 can fail a module with one that two imports ask for at once (WebKit bug 242740).
 */
export const calendarStylesLoaded = new Promise<void>((resolve) => {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = dayPickerStyles;
  link.onload = link.onerror = () => resolve();
  document.head.append(link);
});

interface Props {
  value: string | null;
  onChange: (value: string) => void;
  /** Why Continue did nothing, when it did nothing. */
  blockedMessage: string | null;
  /** Once the route is priced, every day shows its total. */
  route: PricedRoute | null;
}

/** A day's total from the shared pricing engine (the weekend surcharge is its business), or null before a price. */
type TotalOn = ((date: string) => number) | null;
const DayTotals = createContext<TotalOn>(null);

/** The calendar's day button with the day's total under its number (the button's name carries it too). */
function PricedDayButton({ children, ...props }: DayButtonProps) {
  const totalOn = useContext(DayTotals);
  const total = totalOn && !props.modifiers.disabled ? totalOn(fromDate(props.day.date)) : null;
  return (
    <DayButton {...props} className={`${props.className ?? ''} flex-col`}>
      <span className="block leading-tight">{children}</span>
      {total !== null && (
        <span className="block text-[10px] leading-tight font-medium tabular-nums" data-day-total>
          {formatMoney(total)}
        </span>
      )}
    </DayButton>
  );
}

/** The first weekday and the first weekend day from `today`, for the line above the calendar. */
function firstDays(today: string): { weekday: string; weekend: string } {
  let weekday = today;
  while (isWeekend(weekday)) weekday = addDays(weekday, 1);
  let weekend = today;
  while (!isWeekend(weekend)) weekend = addDays(weekend, 1);
  return { weekday, weekend };
}

/**
 * Step 4: a calendar (single date, outside days shown, past days disabled) behind a 'Pick a date'
 * button, and a typed dd/mm/yyyy field for anyone who would rather type. Once the route is priced, each day
 * shows its total and the chosen day's total is named under the typed field. "Today" is worked out in the
 * browser: the HTML was built on another day.
 */
export function StepDate({ value, onChange, blockedMessage, route }: Props) {
  const id = useId();
  const today = londonToday();
  const totalOn: TotalOn = route ? (date) => calculatePricing({ ...route, moveDate: date }).total : null;
  const days = firstDays(today);
  const [calendarOpen, setCalendarOpen] = useState(!value);
  const [typed, setTyped] = useState(value ? toTyped(value) : '');
  const [typedError, setTypedError] = useState<string | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // A date picked on the calendar replaces what was typed (state adjusted while rendering, not in an effect).
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (value) setTyped(toTyped(value));
  }

  const commitTyped = (text: string) => {
    if (!text.trim()) {
      setTypedError(null);
      return;
    }
    const parsed = parseTypedDate(text);
    if (parsed.ok) {
      setTypedError(null);
      onChange(parsed.value);
    } else {
      setTypedError(parsed.message);
    }
  };

  const describedBy = [
    `${id}-hint`,
    typedError ? `${id}-typed-error` : '',
    value ? `${id}-chosen` : '',
    blockedMessage ? 'quote-step-blocked' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="space-y-5">
      <p id={`${id}-hint`} className="text-ink-muted">
        {QUOTE_HINTS.weekend}
      </p>
      {totalOn && (
        <p className="font-medium" data-day-prices>
          Weekdays {formatMoney(totalOn(days.weekday))}, weekends {formatMoney(totalOn(days.weekend))}
        </p>
      )}

      <div>
        <button
          ref={toggle}
          type="button"
          className="field-input flex items-center gap-3 text-left sm:max-w-sm"
          aria-expanded={calendarOpen}
          aria-controls={`${id}-calendar`}
          onClick={() => setCalendarOpen((open) => !open)}
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5 shrink-0 text-brand-700"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M3 10h18M8 3v4M16 3v4" />
          </svg>
          <span className={value ? 'text-ink' : 'text-slate-500'}>{value ? formatLongDate(value) : 'Pick a date'}</span>
        </button>
        <div
          id={`${id}-calendar`}
          hidden={!calendarOpen}
          className={`mt-2 inline-block max-w-full overflow-x-auto rounded-2xl border border-line bg-white p-3 shadow-sm [--rdp-accent-background-color:var(--color-brand-50)] [--rdp-accent-color:var(--color-brand-700)] [--rdp-day-width:42px] [--rdp-day_button-width:40px] ${
            totalOn
              ? '[--rdp-day-height:54px] [--rdp-day_button-border-radius:10px] [--rdp-day_button-height:52px]'
              : '[--rdp-day-height:42px] [--rdp-day_button-height:40px]'
          }`}
        >
          <DayTotals.Provider value={totalOn}>
            <DayPicker
              mode="single"
              showOutsideDays
              weekStartsOn={1}
              selected={value ? toDate(value) : undefined}
              defaultMonth={toDate(value ?? today)}
              startMonth={toDate(today)}
              disabled={{ before: toDate(today) }}
              onSelect={(date) => {
                if (!date) return;
                onChange(fromDate(date));
                setTypedError(null);
                setCalendarOpen(false);
                toggle.current?.focus();
              }}
              components={{ DayButton: PricedDayButton }}
              labels={{
                labelDayButton: (date, modifiers, options, dateLib) => {
                  const label = labelDayButton(date, modifiers, options, dateLib);
                  return totalOn && !modifiers.disabled ? `${label}, ${formatMoney(totalOn(fromDate(date)))}` : label;
                },
              }}
            />
          </DayTotals.Provider>
        </div>
      </div>

      <div className="sm:max-w-sm">
        <label htmlFor={`${id}-typed`} className="field-label">
          {QUOTE_LABELS.typedDate}
        </label>
        <input
          id={`${id}-typed`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="dd/mm/yyyy"
          className="field-input"
          value={typed}
          maxLength={10}
          aria-invalid={typedError ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setTyped(event.target.value);
            if (/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(event.target.value.trim())) commitTyped(event.target.value);
            else setTypedError(null);
          }}
          onBlur={(event) => commitTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commitTyped(event.currentTarget.value);
            }
          }}
        />
        {typedError && (
          <p id={`${id}-typed-error`} className="field-error">
            {typedError}
          </p>
        )}
      </div>

      {value && (
        <p id={`${id}-chosen`} className="font-medium" aria-live="polite" data-chosen-date>
          Moving on {formatLongDate(value)}
          {totalOn && <>: {formatMoney(totalOn(value))}</>}
          {isWeekend(value) ? `, a weekend, so the ${WEEKEND_SURCHARGE_RATE * 100}% weekend surcharge applies.` : '.'}
        </p>
      )}
      {blockedMessage && (
        <p id="quote-step-blocked" role="alert" className="font-medium text-danger">
          {blockedMessage}
        </p>
      )}
    </div>
  );
}
