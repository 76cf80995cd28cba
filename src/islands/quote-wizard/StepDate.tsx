import { useId, useRef, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import dayPickerStyles from 'react-day-picker/style.css?url';
import { formatLongDate, isWeekend, londonToday } from '~/lib/dates';
import { fromDate, parseTypedDate, toDate, toTyped } from './dates';

// The calendar's stylesheet travels with this lazily loaded step instead of sitting in /quote's inline CSS. The
// module finishes loading (and the step renders) only once the stylesheet has, so the calendar never shifts.
await new Promise<void>((resolve) => {
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
}

/**
 * Step 4: a calendar (single date, outside days shown, past days disabled) behind a 'Pick a date'
 * button, and a typed dd/mm/yyyy field for anyone who would rather type. "Today" is worked out in the
 * browser: the HTML was built on another day.
 */
export function StepDate({ value, onChange, blockedMessage }: Props) {
  const id = useId();
  const today = londonToday();
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

  const describedBy = [`${id}-hint`, typedError ? `${id}-typed-error` : '', blockedMessage ? 'quote-step-blocked' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className="space-y-5">
      <p id={`${id}-hint`} className="text-ink-muted">
        Weekend moves may include a 15% surcharge
      </p>

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
          className="mt-2 inline-block max-w-full overflow-x-auto rounded-2xl border border-line bg-white p-3 shadow-sm [--rdp-accent-background-color:var(--color-brand-50)] [--rdp-accent-color:var(--color-brand-700)] [--rdp-day-height:42px] [--rdp-day-width:42px] [--rdp-day_button-height:40px] [--rdp-day_button-width:40px]"
        >
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
          />
        </div>
      </div>

      <div className="sm:max-w-sm">
        <label htmlFor={`${id}-typed`} className="field-label">
          Or type the date (dd/mm/yyyy)
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
        <p className="font-medium" aria-live="polite" data-chosen-date>
          Moving on {formatLongDate(value)}
          {isWeekend(value) ? ': a weekend, so the 15% weekend surcharge applies.' : '.'}
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
