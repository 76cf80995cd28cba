import { findPackage } from '~/data/packages';
import { findService } from '~/data/services';
import { CallbackOffer } from './CallbackOffer';
import type { CarriedRequest } from './prefill';

interface Props {
  request: CarriedRequest;
  selectedSize: string | null;
}

/** The top of step 1 when a service page sent the customer here, with what that page collected and where it went. */
export function ServiceIntro({ request, selectedSize }: Props) {
  const service = findService(request.service);
  const suggested = service?.suggestedSize;
  const suggestedTitle = suggested ? findPackage(suggested.id)?.title : undefined;
  const chosenTitle = selectedSize ? findPackage(selectedSize)?.title : undefined;

  // What the page's form collected, under the labels it asked with (a service page without a form sends only the service).
  const carried: Array<[string, string]> = [];
  if (request.service && service?.group !== 'main') carried.push(['Service type', service?.label ?? request.service]);
  if (request.details) carried.push(['What needs moving', request.details]);
  if (request.from) carried.push(['Collection postcode', request.from]);
  if (request.to) carried.push(['Delivery postcode', request.to]);
  const filledIn = [
    (request.from || request.to) && 'the postcodes on step 3',
    (request.service || request.details) && 'your notes in Additional Information on step 5',
  ].filter(Boolean);

  return (
    <section
      aria-labelledby="quote-service-title"
      className="mb-6 rounded-2xl border border-brand-200 bg-brand-50 p-5"
      data-quote-service={service?.value ?? ''}
    >
      <p className="text-sm font-semibold text-brand-800">{service ? 'Your quote is for' : 'Your request'}</p>
      <h3 id="quote-service-title" className="text-xl">
        {service?.label ?? 'From another page'}
      </h3>
      {suggested && suggestedTitle && (
        <p className="mt-2 text-ink" data-size-reason>
          {selectedSize === suggested.id
            ? `We have picked the ${suggestedTitle} for you. ${suggested.why}`
            : `We suggested the ${suggestedTitle}${chosenTitle ? `; you have chosen ${chosenTitle}` : ''}. ${suggested.why}`}
        </p>
      )}
      {service?.estimate && (
        <p className="mt-2 text-ink" data-service-estimate>
          {service.estimate}
        </p>
      )}
      {service?.callbackOffer && <CallbackOffer lead={service.callbackOffer} />}
      {carried.length > 0 && (
        <div className="mt-4 border-t border-brand-200 pt-4" data-carried-request>
          <p className="font-semibold">From your request</p>
          <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {carried.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-ink-muted">{label}</dt>
                <dd className="font-medium break-words whitespace-pre-line text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          {filledIn.length > 0 && (
            <p className="mt-2 text-sm text-ink-muted">We have filled in {filledIn.join(' and ')}. You can change them there.</p>
          )}
        </div>
      )}
    </section>
  );
}
