import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { findFurniture } from '~/data/furniture';
import { findPackage } from '~/data/packages';
import { findService } from '~/data/services';
import { QUOTE_BUTTONS, QUOTE_HINTS, QUOTE_LABELS } from '~/data/quote-labels';
import { formatLongDate } from '~/lib/dates';
import { LIMITS } from '~/lib/limits';
import { addressLine } from '~/lib/address';
import { addressField, addressText } from '~/lib/move-facts';
import { crossesSea, FERRY_NOTE } from '~/lib/ferry';
import { parsePostcodeInput } from '~/lib/postcodes';
import { PRICE_LABELS, priceLines, promoLine } from '~/lib/price-lines';
import { CODE_HINTS, useCodeCheck } from './code-check';
import { describeDistance, formatMoney } from './format';
import { $onlineBooking, $textUpdates, type PricingState, type WizardState } from './store';
import type { ContactErrors, ContactField } from './submit';

interface Props {
  state: WizardState;
  pricing: PricingState;
  errors: ContactErrors;
  /** Bumped on every failed check so the error summary takes focus again. */
  errorRound: number;
  sending: boolean;
  honeypot: string;
  onHoneypot: (value: string) => void;
  onChange: (field: ContactField, value: string) => void;
  /** `book`: "Book and pay the deposit now" rather than "Submit" (issue 41 item 2). */
  onSubmit: (book: boolean) => void;
  back: ReactNode;
}

const LABELS: Record<ContactField, string> = QUOTE_LABELS;

// Issue 41 item 2: the offer's rules and words load only for a move with both street addresses given.
const BookOffer = lazy(() => import('./BookOffer'));

export function StepContact({ state, pricing, errors, errorRound, sending, honeypot, onHoneypot, onChange, onSubmit, back }: Props) {
  const summary = useRef<HTMLDivElement>(null);
  const listed = (Object.keys(LABELS) as ContactField[]).filter((field) => errors[field]);

  useEffect(() => {
    if (errorRound > 0 && listed.length > 0) summary.current?.focus();
    // Only a new round of errors moves focus; typing a correction must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errorRound]);

  const online = useStore($onlineBooking);
  const textUpdates = useStore($textUpdates);
  const submit = (event: { preventDefault(): void; nativeEvent: Event }) => {
    event.preventDefault();
    const button = (event.nativeEvent as SubmitEvent).submitter;
    onSubmit(button?.getAttribute('value') === 'book');
  };

  const service = findService(state.request?.service);
  /** The fields with a hint under them: the error takes its place in aria-describedby while there is one. */
  const hinted: Partial<Record<ContactField, true>> = { promoCode: true, ...(service ? { additionalInfo: true } : {}) };

  const code = useCodeCheck(state.promoCode);
  /** The server's refusal of a code, said in the field's hint (a live region) until a submit says it as an error. */
  const codeRefusal = code.status === 'refused' && !errors.promoCode ? code.message : null;

  const field = (name: ContactField) => ({
    id: `quote-${name}`,
    name,
    value: state[name],
    'aria-invalid': errors[name] || (name === 'promoCode' && codeRefusal) ? true : undefined,
    'aria-describedby': errors[name] ? `quote-${name}-error` : hinted[name] ? `quote-${name}-hint` : undefined,
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    maxLength: LIMITS[name],
    className: 'field-input',
  });

  const error = (name: ContactField) =>
    errors[name] ? (
      <p id={`quote-${name}-error`} className="field-error">
        <span className="sr-only">Error: </span>
        {errors[name]}
      </p>
    ) : null;

  /** The error between the label and the control, GOV.UK style. */
  const labelled = (name: ContactField, control: ReactNode) => (
    <>
      <label htmlFor={`quote-${name}`} className="field-label">
        {LABELS[name]}
      </label>
      {error(name)}
      {control}
    </>
  );

  const pkg = state.propertyId ? findPackage(state.propertyId) : undefined;
  const furnitureNames = state.furnitureIds.map((id) => findFurniture(id)?.name).filter(Boolean);
  const priced = pricing.status === 'success' ? pricing : null;
  // A standard move may be booked at its estimate (BookOffer asks the rules, as the server does again).
  const mayOffer = !!online && !!priced && !!(state.fromAddress && state.fromTown && state.toAddress && state.toTown);

  return (
    <form noValidate onSubmit={submit} className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <div className="space-y-5">
        {listed.length > 0 && (
          <div
            ref={summary}
            tabIndex={-1}
            role="alert"
            aria-labelledby="quote-error-summary-title"
            className="rounded-xl border-2 border-danger bg-red-50 p-4 focus:outline-3 focus:outline-offset-2 focus:outline-danger"
          >
            <h3 id="quote-error-summary-title" className="text-lg text-danger">
              There is a problem
            </h3>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {listed.map((name) => (
                <li key={name}>
                  <a href={`#quote-${name}`} className="font-medium text-danger underline underline-offset-2">
                    {errors[name]}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}

        <div>{labelled('name', <input {...field('name')} type="text" autoComplete="name" required />)}</div>
        <div>{labelled('email', <input {...field('email')} type="email" autoComplete="email" inputMode="email" required />)}</div>
        <div>{labelled('phone', <input {...field('phone')} type="tel" autoComplete="tel" inputMode="tel" required />)}</div>
        {/* Day-of-move texts (issue 44 item 4): a box of its own, never ticked for the customer. */}
        <div>
          <label htmlFor="quote-textUpdates" className="flex items-start gap-3">
            <input
              id="quote-textUpdates"
              name="textUpdates"
              type="checkbox"
              checked={textUpdates}
              onChange={(event) => $textUpdates.set(event.target.checked)}
              className="mt-1 size-5 shrink-0 accent-brand-700"
            />
            <span>{QUOTE_LABELS.textUpdates}</span>
          </label>
        </div>
        <div>
          {labelled('additionalInfo', <textarea {...field('additionalInfo')} rows={4} />)}
          {service && (
            <p id="quote-additionalInfo-hint" className="mt-1 text-sm text-ink-muted" data-notes-hint>
              For {service.label.toLowerCase()}, it helps to know: {service.notesHint}
            </p>
          )}
        </div>
        <div className="sm:max-w-xs">
          {labelled(
            'promoCode',
            <input {...field('promoCode')} type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} />,
          )}
          <p id="quote-promoCode-hint" className={codeRefusal ? 'field-error' : 'mt-1 text-sm text-ink-muted'} aria-live="polite">
            {codeRefusal ?? (code.status === 'recognised' || code.status === 'unchecked' ? CODE_HINTS[code.status] : QUOTE_HINTS.promoCode)}
          </p>
        </div>
        <div className="sr-only" aria-hidden="true">
          <label htmlFor="quote-website">Leave this field empty</label>
          <input
            id="quote-website"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(e) => onHoneypot(e.target.value)}
          />
        </div>
      </div>

      <aside
        aria-labelledby="quote-summary-title"
        className="h-fit rounded-2xl border border-line bg-surface-muted p-5"
        data-booking-summary
      >
        <h3 id="quote-summary-title" className="text-lg">
          Booking Summary
        </h3>
        <dl className="mt-3 space-y-2 text-sm">
          <SummaryRow label="Property size" value={pkg?.title ?? 'Not chosen'} {...(service ? { detail: service.label } : {})} />
          <SummaryRow label="From" value={shownAddress(state, 'from')} />
          <SummaryRow label="To" value={shownAddress(state, 'to')} />
          <SummaryRow label="Distance" value={priced ? describeDistance(priced.result.distance) : 'Not calculated'} />
          {furnitureNames.length > 0 && <SummaryRow label="Furniture" value={furnitureNames.join(', ')} />}
          <SummaryRow label="Date" value={state.moveDate ? formatLongDate(state.moveDate) : 'Not chosen'} />
        </dl>
        {/* The quote card's own breakdown, so a weekend charge is itemised before the request is sent. */}
        {priced && (
          <dl className="mt-4 space-y-1.5 border-t border-line pt-3 text-sm" data-summary-breakdown>
            {priceLines(priced.result).map(({ key, label, amount }) => (
              <div key={key} className="flex justify-between gap-4">
                <dt className="text-ink-muted">{label}</dt>
                <dd className="font-medium text-ink tabular-nums">{formatMoney(amount)}</dd>
              </div>
            ))}
          </dl>
        )}
        <p className="mt-3 flex items-baseline justify-between gap-3 border-t border-line pt-3">
          <span className="font-semibold">{PRICE_LABELS.total}</span>
          <span className="text-2xl font-bold text-brand-800 tabular-nums" data-summary-total>
            {priced ? formatMoney(priced.result.total) : '—'}
          </span>
        </p>
        {service?.totalNote && <p className="mt-2 text-sm text-ink-muted">{service.totalNote}</p>}
        {priced && crossesSea(priced.from.postcode, priced.to.postcode) && (
          <p className="mt-2 text-sm text-ink-muted" data-ferry-note>
            {FERRY_NOTE}
          </p>
        )}
        {code.status === 'recognised' && priced && (
          <p className="mt-3 rounded-lg bg-accent-100 px-3 py-2 text-sm font-medium text-ink" data-promo-line>
            {promoLine(code.code, priced.result.total)}
          </p>
        )}
      </aside>

      {mayOffer && online && priced && (
        <Suspense fallback={null}>
          <BookOffer state={state} miles={priced.distanceMiles} online={online} sending={sending} />
        </Suspense>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between lg:col-span-2">
        {back}
        <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center">
          {sending && (
            <span role="status" className="text-sm text-ink-muted">
              Sending your request...
            </span>
          )}
          <button type="submit" className="btn-primary" disabled={sending}>
            {QUOTE_BUTTONS.submit}
          </button>
        </div>
      </div>
    </form>
  );
}

/** An end of the route as the confirmation will show it: the street address and the postcode, the postcode normalised. */
function shownAddress(state: WizardState, end: 'from' | 'to'): string {
  const postcodeField = end === 'from' ? state.fromPostcode : state.toPostcode;
  const postcode = parsePostcodeInput(postcodeField).postcode;
  const street = {
    line1: addressLine(state[addressField(end, 'line1')], postcodeField),
    line2: state[addressField(end, 'line2')],
    town: state[addressField(end, 'town')],
  };
  return postcode ? addressText(street, postcode) : postcodeField.trim();
}

function SummaryRow({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-right font-medium text-ink">
        {value}
        {detail && <span className="block text-xs font-normal text-ink-muted">{detail}</span>}
      </dd>
    </div>
  );
}
