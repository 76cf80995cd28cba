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

/** The plain form as sent with a studio move's answers filled in, for `moveDate` (typed or picked) and `email`. */
export const submittedQuoteForm = (moveDate: string, email: string) => ({
  ...BLANK_QUOTE_FORM,
  action: 'submit',
  propertyId: 'studio',
  fromPostcode: 'SW1A 1AA',
  toPostcode: 'M1 1AE',
  moveDate,
  name: 'Ada Lovelace',
  email,
  phone: '07700 900123',
});
