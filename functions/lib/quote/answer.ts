import { packages } from '~/data/packages';
import type { QuoteAnswer } from '~/lib/api';
import { calculatePricing, type PricingResult } from '~/lib/pricing';
import { generateReference } from '~/lib/reference';
import { confirmationPath, randomViewToken } from '../view-token';
import type { StoredQuote } from './stored-quote';

/** A replay's `emailSent`: the customer e-mail went or is on its way (the first answer's: the queue took it). */
const onItsWay = (quote: StoredQuote) => quote.customerEmail !== null && quote.customerEmail !== 'gave_up';

export function quoteAnswer(quote: StoredQuote, token: string, emailSent = onItsWay(quote)): QuoteAnswer {
  return {
    reference: quote.reference,
    pricing: quote.pricing,
    emailSent,
    verified: quote.verified,
    notes: quote.notes,
    ...(quote.promoCode ? { promoCode: quote.promoCode } : {}),
    confirmationUrl: confirmationPath(quote.reference, token),
  };
}

function decoyPricing(body: Record<string, unknown>): PricingResult {
  const distanceMiles = Number((body.clientEstimate as { distance?: unknown } | undefined)?.distance ?? 0);
  try {
    return calculatePricing({ propertyId: String(body.propertyId), distanceMiles });
  } catch {
    return calculatePricing({ propertyId: packages[0]!.id, distanceMiles: 0 });
  }
}

/** Its link has the real shape and opens nothing. */
export function decoyAnswer(body: Record<string, unknown>): QuoteAnswer {
  const reference = generateReference();
  return {
    reference,
    pricing: decoyPricing(body),
    emailSent: true,
    verified: true,
    notes: [],
    confirmationUrl: confirmationPath(reference, randomViewToken()),
  };
}
