/**
 * The quote form without JavaScript as a browser posts it untouched: every text field empty, no radio chosen, no box
 * ticked (src/components/quote/QuoteForm.astro). Shared by the schema's unit tests and the HTTP tests of POST /quote.
 */
export const BLANK_QUOTE_FORM = {
  service: '',
  fromPostcode: '',
  toPostcode: '',
  moveDate: '',
  name: '',
  email: '',
  phone: '',
  additionalInfo: '',
  promoCode: '',
  website: '',
  idempotencyKey: '',
  estimateRoute: '',
  estimateDistance: '',
  estimateTotal: '',
} as const;
