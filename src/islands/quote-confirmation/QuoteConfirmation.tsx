import { useEffect, useMemo } from 'react';
import { useHydrated } from '../shared/useHydrated';
import { formatLongDate } from '~/lib/dates';
import { formatMoney } from '~/lib/money';
import { mailtoHref, promo, site, telHref } from '~/site.config';
import { clearQuoteFlow, readConfirmation, type ConfirmationData } from '../quote-wizard/storage-keys';

const NEXT_STEPS = [
  { title: 'We review your request', text: 'Our team checks your move details and matches you with vetted movers near you.' },
  { title: 'Your detailed quote by e-mail', text: 'Within 24 hours we e-mail you a detailed, fixed quote to look over.' },
  { title: 'Book your move', text: 'Happy with it? Confirm the date and your movers are booked. No payment until after the move.' },
];

/**
 * /quote-confirmation: reads the request and the server's answer from sessionStorage (CONFIRMATION_KEY).
 * Without them there is nothing to confirm, so it goes to /quote (spec section 8).
 */
export default function QuoteConfirmation() {
  const hydrated = useHydrated();
  const data = useMemo<ConfirmationData | null>(() => (hydrated ? readConfirmation() : null), [hydrated]);

  useEffect(() => {
    if (hydrated && !data) window.location.replace('/quote');
  }, [hydrated, data]);

  if (!data) {
    return <p className="text-ink-muted">Loading your quote request...</p>;
  }

  const details: Array<[string, string]> = [
    ['Property type', data.propertyTitle],
    ['From', data.from],
    ['To', data.to],
    ['Preferred date', formatLongDate(data.moveDate)],
    ['Name', data.name],
    ['Email', data.email],
    ['Phone', data.phone],
  ];
  if (data.additionalInfo) details.push(['Notes', data.additionalInfo]);

  return (
    <div className="space-y-8" data-confirmation>
      <div className="text-center">
        <div aria-hidden="true" className="mx-auto grid size-16 place-items-center rounded-full bg-green-100 text-success">
          <svg viewBox="0 0 24 24" className="size-9" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="m5 12 5 5 9-10" />
          </svg>
        </div>
        <h1 className="mt-4 text-3xl sm:text-4xl">Quote Request Sent Successfully!</h1>
        <p className="lead mx-auto mt-3 max-w-xl">
          Thank you, {data.name.split(' ')[0]}.{' '}
          {data.emailSent
            ? `We have e-mailed a copy to ${data.email}.`
            : 'We have your request; our confirmation e-mail is on its way shortly.'}
        </p>
      </div>

      <div className="card text-center">
        <p className="text-sm font-semibold text-ink-muted">Your reference number</p>
        <p className="mt-1 font-mono text-3xl font-bold tracking-[0.2em] text-brand-800" data-reference>
          {data.reference}
        </p>
        <p className="mt-3 text-sm font-semibold text-ink-muted">Estimated total</p>
        <p className="text-3xl font-bold text-ink" data-confirmation-total>
          {formatMoney(data.total)}
        </p>
        {data.promoCode && (
          <p className="mt-2 text-sm text-success">
            {data.promoCode}: {promo.description}
          </p>
        )}
        <p className="mt-2 text-sm text-ink-muted">Keep the reference handy if you call us about this quote.</p>
      </div>

      <section aria-labelledby="confirmation-details" className="card">
        <h2 id="confirmation-details" className="text-xl">
          Your move
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {details.map(([label, value]) => (
            <div key={label} className={label === 'Notes' ? 'sm:col-span-2' : undefined}>
              <dt className="text-sm text-ink-muted">{label}</dt>
              <dd className="font-medium break-words whitespace-pre-line">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="confirmation-next" className="card">
        <h2 id="confirmation-next" className="text-xl">
          What Happens Next?
        </h2>
        <ol className="mt-4 space-y-4">
          {NEXT_STEPS.map((item, index) => (
            <li key={item.title} className="flex gap-4">
              <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-700 font-bold text-white">
                {index + 1}
              </span>
              <div>
                <h3 className="text-base">{item.title}</h3>
                <p className="text-ink-muted">{item.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="confirmation-contact" className="card bg-surface-muted">
        <h2 id="confirmation-contact" className="text-xl">
          Questions in the meantime?
        </h2>
        <ul className="mt-3 space-y-1">
          <li>
            Phone:{' '}
            <a href={telHref} className="font-semibold text-brand-700 underline">
              {site.phone.display}
            </a>
          </li>
          <li>
            Email:{' '}
            <a href={mailtoHref} className="font-semibold text-brand-700 underline">
              {site.email}
            </a>
          </li>
        </ul>
      </section>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <a href="/" className="btn-secondary">
          Back to Home
        </a>
        <a href="/quote" className="btn-primary" onClick={clearQuoteFlow}>
          Request Another Quote
        </a>
      </div>
    </div>
  );
}
