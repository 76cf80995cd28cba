import { createContext, useContext, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { DayButton, DayPicker, type DayButtonProps } from 'react-day-picker';
import dayPickerStyles from 'react-day-picker/style.css?url';
import { QUOTE_HINTS, QUOTE_LABELS } from '~/data/quote-labels';
import { addDays, formatDayMonth, formatLongDate, isWeekend, londonToday } from '~/lib/dates';
import { closedDay, earliestMoveDate, latestMoveDate, MOVE_DATE_MESSAGES, shortNoticeNote } from '~/lib/move-date';
import { site, telHref } from '~/site.config';
import { calculatePricing, WEEKEND_SURCHARGE_RATE, type PricingInput } from '~/lib/pricing';
import { fromDate, parseTypedDate, toDate, toTyped } from './dates';
import { CLOSED, FULL_DAY_MESSAGE, FULL_DAYS_PATH, FULLY_BOOKED, type FullDaysAnswer } from '~/lib/office/diary';
import { formatMoney } from './format';
import { $onlineBooking } from './store';

/** The priced route, without its date: enough for the engine to price any day. */
export interface PricedRoute {
  propertyId: string;
  furnitureIds: readonly string[];
  distanceMiles: number;
  /** Priced by the access table: each day's total includes it, as the quote card's does. */
  access: PricingInput['access'];
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
  /**
   * The one move date, picked or typed: null while the typed text is not a day we can take, with `problem` saying
   * why (so Continue can say it too).
   */
  onChange: (value: string | null, problem: string | null) => void;
  /** Why Continue did nothing, when it did nothing. */
  blockedMessage: string | null;
  /** Once the route is priced, every day shows its total. */
  route: PricedRoute | null;
  /** A date the server refused when the quote was sent (a day that filled meanwhile), with its message. */
  refused: { date: string; message: string } | null;
}

/** A day's total from the shared pricing engine (the weekend surcharge is its business), or null before a price. */
type TotalOn = ((date: string) => number) | null;
const DayTotals = createContext<TotalOn>(null);

/**
 * The calendar's sizes, on its root (its own stylesheet sets them there, so a parent cannot). The grid takes the
 * calendar's whole width, seven equal columns: on a phone the calendar spans the card, so a column is a seventh of it
 * (about 41 px at 320 px), elsewhere 52 px. Priced days are 56 px tall for the total under the number.
 */
const BRAND = {
  // brand-700 and brand-50 of tokens.css: the theme is inline, so no --color-* variable exists to read.
  '--rdp-accent-color': '#1d3bd8',
  '--rdp-accent-background-color': '#eff5ff',
  '--rdp-outside-opacity': '1',
  '--rdp-day-width': 'auto',
  '--rdp-day_button-width': 'calc(100% - 2px)',
};
const PRICED_DAYS = {
  ...BRAND,
  '--rdp-day-height': '56px',
  '--rdp-day_button-height': '54px',
  '--rdp-day_button-border-radius': '10px',
} as CSSProperties;
const PLAIN_DAYS = BRAND as CSSProperties;
/** What react-day-picker's stylesheet sizes to its content, made to fill the calendar (inline, so its sheet cannot win). */
const FILL_WIDTH = {
  months: { maxWidth: 'none' },
  month: { flex: '1 1 100%', minWidth: 0 },
  month_grid: { width: '100%', tableLayout: 'fixed' },
  day_button: { marginInline: 'auto' },
  month_caption: { paddingInlineStart: '0.5rem' },
} satisfies Partial<Record<string, CSSProperties>>;

/** Said after a weekend day's price: in its accessible name, and in the line above the calendar. */
const WEEKEND_CUE = 'weekend';

/**
 * The calendar's day button with the day's total under its number (the button's name carries it too), in a colour
 * that passes AA. A weekend day's total is bold and amber, and the line above the calendar says what that means: the
 * difference is never colour alone. The total is 12 px at every width (issue 41 item 6). Below 390 px the £ sign goes
 * (the line above says the prices are in pounds): £9,999 in bold is 44.5 px in the widest common fallback font
 * (DejaVu Sans), a 320 px phone's column about 44 px; 9,999 is about 36 px.
 */
function PricedDayButton({ children, ...props }: DayButtonProps) {
  const totalOn = useContext(DayTotals);
  const date = fromDate(props.day.date);
  const total = totalOn && !props.modifiers.disabled ? totalOn(date) : null;
  const weekend = isWeekend(date);
  return (
    <DayButton {...props} className={`${props.className ?? ''} flex-col`}>
      {/* Flex items of the day button (display: flex in the calendar's sheet): blocks already. */}
      <span className="leading-tight">{children}</span>
      {(props.modifiers.full || props.modifiers.closed) && (
        // The button's name says it too (labelDayButton).
        <span className="text-[10px]/none">{props.modifiers.full ? FULLY_BOOKED : CLOSED}</span>
      )}
      {total !== null && (
        <span
          className={`text-xs leading-tight tracking-tight whitespace-nowrap tabular-nums ${weekend ? 'font-bold text-accent-800' : 'font-medium text-ink-muted'}`}
          data-day-total={weekend ? 'weekend' : 'weekday'}
        >
          <span className="max-[389px]:hidden">£</span>
          <span data-day-amount>{formatMoney(total).replace('£', '')}</span>
        </span>
      )}
    </DayButton>
  );
}

/** The first weekday and the first weekend day from `today`, for the line above the calendar. */
function firstDays(today: string): { weekday: string; weekend: string } {
  const first = earliestMoveDate(today);
  let weekday = first;
  while (isWeekend(weekday) || closedDay(weekday)) weekday = addDays(weekday, 1);
  let weekend = first;
  while (!isWeekend(weekend) || closedDay(weekend)) weekend = addDays(weekend, 1);
  return { weekday, weekend };
}

/** Days the calendar offers: from tomorrow, up to a year ahead, never a closed day (move-date.ts). */
const closedOnCalendar = (date: Date) => !!closedDay(fromDate(date));

/** A day's name as a screen reader says it: "Today, Friday 18 December, selected", never "December 18th". */
function dayLabel(date: Date, modifiers: Record<string, boolean>): string {
  const day = formatDayMonth(fromDate(date));
  return `${modifiers.today ? 'Today, ' : ''}${day}${modifiers.selected ? ', selected' : ''}`;
}

/**
 * Step 4: a calendar (single date, outside days shown, only bookable days enabled: move-date.ts) behind a 'Pick a date'
 * button, and a typed dd/mm/yyyy field for anyone who would rather type. Both hold one date: a pick fills the field, and
 * while the field holds anything else than a day we can take there is no date, and Continue says what is wrong with it.
 * Once the route is priced, each day shows its total and the chosen day's total is named under the typed field.
 * "Today" is worked out in the browser: the HTML was built on another day.
 */
export function StepDate({ value, onChange, blockedMessage, route, refused }: Props) {
  const id = useId();
  const today = londonToday();
  const totalOn: TotalOn = route ? (date) => calculatePricing({ ...route, moveDate: date }).total : null;
  const days = firstDays(today);
  /** The days the office's diary has no room left on (issue 33 item 4): none until the answer comes, or if it never does. */
  const [answer, setAnswer] = useState<FullDaysAnswer>({ dates: [] });
  const fullDays = new Set(answer.dates);
  const isFull = (date: Date) => fullDays.has(fromDate(date));
  /** Every day that cannot be taken beyond the move-date rule, with what the date step says of it. */
  const unavailable = new Map<string, string>([
    ...answer.dates.map((date) => [date, FULL_DAY_MESSAGE] as const),
    ...Object.entries(answer.closed ?? {}).map(([date, holiday]) => [date, MOVE_DATE_MESSAGES.closed(holiday)] as const),
    ...(refused ? [[refused.date, refused.message] as const] : []),
  ]);
  const isClosed = (date: Date) => closedOnCalendar(date) || !!answer.closed?.[fromDate(date)];
  const isUnavailable = (date: Date) => unavailable.has(fromDate(date));
  const [calendarOpen, setCalendarOpen] = useState(!value);
  const [typed, setTyped] = useState(value ? toTyped(value) : '');
  /** The typed text's problem is shown once the customer leaves the field, presses Enter or Continue. */
  const [revealed, setRevealed] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const returnToToggle = useRef(false);

  const parsed = typed.trim() ? parseTypedDate(typed, undefined, unavailable) : null;
  const typedProblem = parsed && !parsed.ok ? parsed.message : null;
  const blockedByTyping = !!blockedMessage && blockedMessage === typedProblem;
  // A whole date the diary has no room on is said at once, as the calendar shows it; other problems once the field is left.
  const typedTaken = !!typedProblem && [...unavailable.values()].includes(typedProblem);
  const typedError = typedProblem && (revealed || blockedByTyping || typedTaken) ? typedProblem : null;
  const stepMessage = blockedMessage && !blockedByTyping ? blockedMessage : null;

  // A picked day closes the calendar and gives focus back to its button once the page is shorter again, scrolled
  // clear of the sticky header (its scroll margin), never half under it.
  useEffect(() => {
    if (calendarOpen || !returnToToggle.current) return;
    returnToToggle.current = false;
    toggle.current?.focus({ preventScroll: true });
    toggle.current?.scrollIntoView({ block: 'nearest' });
  }, [calendarOpen]);

  // Asked once: the endpoint's default span is the calendar's. Without an answer the server still refuses a full day,
  // and the wizard brings the customer back here with its message (`refused`).
  useEffect(() => {
    fetch(FULL_DAYS_PATH)
      .then((response) => response.json() as Promise<Partial<FullDaysAnswer>>)
      .then(
        (body) => {
          setAnswer({ dates: body.dates ?? [], ...(body.closed ? { closed: body.closed } : {}) });
          $onlineBooking.set(body.online ?? null);
        },
        () => {},
      );
  }, []);

  // The chosen day turns out to have no room (the answer came after it was typed, or the server refused it): no date,
  // and the typed field says why (typedError).
  const valueTaken = value ? unavailable.get(value) : undefined;
  useEffect(() => {
    if (valueTaken) onChange(null, valueTaken);
  }, [valueTaken, onChange]);

  // Continue refused for what was typed: the field takes focus, so its message is read with it.
  useEffect(() => {
    if (blockedByTyping) field.current?.focus();
  }, [blockedByTyping, blockedMessage]);

  // A date picked on the calendar replaces what was typed (state adjusted while rendering, not in an effect).
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (value) setTyped(toTyped(value));
  }

  /** Every change of the text changes the date: to the day it names, or to none while it names none. */
  const typeDate = (text: string) => {
    setTyped(text);
    setRevealed(false);
    const result = text.trim() ? parseTypedDate(text, undefined, unavailable) : null;
    onChange(result?.ok ? result.value : null, result && !result.ok ? result.message : null);
  };

  const describedBy = [
    `${id}-hint`,
    typedError ? `${id}-typed-error` : '',
    value ? `${id}-chosen` : '',
    stepMessage ? 'quote-step-blocked' : '',
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
          Weekdays {formatMoney(totalOn(days.weekday))},{' '}
          <strong className="text-accent-800">weekends {formatMoney(totalOn(days.weekend))}</strong>
          <span className="block text-sm font-normal text-ink-muted">
            Weekend prices are in <strong className="font-bold text-accent-800">bold amber</strong> on the calendar.
            <span className="min-[390px]:hidden"> Its prices are in pounds.</span>
          </span>
        </p>
      )}

      <div>
        <button
          ref={toggle}
          type="button"
          className="field-input flex scroll-mt-24 items-center gap-3 text-left sm:max-w-sm"
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
        {/* On a phone the calendar spans the card, edge to edge, for the widest columns a phone allows. */}
        <div
          id={`${id}-calendar`}
          hidden={!calendarOpen}
          className="mt-2 border-y border-line bg-white py-1 max-sm:-mx-5 sm:max-w-[390px] sm:rounded-2xl sm:border sm:p-3 sm:shadow-sm"
          data-calendar
        >
          <DayTotals.Provider value={totalOn}>
            <DayPicker
              style={totalOn ? PRICED_DAYS : PLAIN_DAYS}
              styles={FILL_WIDTH}
              mode="single"
              showOutsideDays
              weekStartsOn={1}
              selected={value ? toDate(value) : undefined}
              defaultMonth={toDate(value ?? today)}
              startMonth={toDate(earliestMoveDate(today))}
              endMonth={toDate(latestMoveDate(today))}
              disabled={[{ before: toDate(earliestMoveDate(today)) }, { after: toDate(latestMoveDate(today)) }, isClosed, isUnavailable]}
              modifiers={{ full: isFull, closed: isClosed }}
              onSelect={(date) => {
                if (!date) return;
                onChange(fromDate(date), null);
                setRevealed(false);
                setCalendarOpen(false);
                returnToToggle.current = true;
              }}
              components={{ DayButton: PricedDayButton }}
              labels={{
                labelDayButton: (date, modifiers) => {
                  const label = dayLabel(date, modifiers);
                  if (modifiers.full) return `${label}, ${FULLY_BOOKED}`;
                  if (modifiers.closed) return `${label}, ${CLOSED.toLowerCase()}`;
                  if (!totalOn || modifiers.disabled) return label;
                  const day = fromDate(date);
                  return `${label}, ${formatMoney(totalOn(day))}${isWeekend(day) ? ` (${WEEKEND_CUE})` : ''}`;
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
          ref={field}
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
          onChange={(event) => typeDate(event.target.value)}
          onBlur={() => setRevealed(true)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              setRevealed(true);
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
      {value && shortNoticeNote(value, today) && (
        <p className="rounded-xl border border-brand-200 bg-brand-50 p-3 text-ink" data-short-notice>
          {shortNoticeNote(value, today)}{' '}
          <a href={telHref} className="font-semibold whitespace-nowrap text-brand-800 underline underline-offset-2">
            Call {site.phone.display}
          </a>
        </p>
      )}
      {stepMessage && (
        <p id="quote-step-blocked" role="alert" className="font-medium text-danger">
          {stepMessage}
        </p>
      )}
    </div>
  );
}
