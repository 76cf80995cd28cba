/**
 * The quote's questions, field labels and hints, worded once for both ways of asking them: the wizard
 * (src/islands/quote-wizard/) and the form that stands in for it without JavaScript
 * (src/components/quote/QuoteForm.astro). Field keys are the request's own field names (src/lib/schemas.ts).
 */
import { WEEKEND_SURCHARGE_RATE } from '../lib/pricing';

export const QUOTE_STEPS = {
  1: 'How big is your space?',
  2: 'Select furniture services',
  3: 'Where are you moving?',
  4: 'When do you want to move?',
  5: 'Your contact details',
} as const;

/** Step 3's two ends, each a group of an address line and a postcode (the GOV.UK address pattern). */
export const QUOTE_ROUTE_ENDS = {
  from: 'Moving from',
  to: 'Moving to',
} as const;

/** Each field's own label; step 3's are read after their end's name ("Moving from Postcode"). */
export const QUOTE_LABELS = {
  fromPostcode: 'Postcode',
  toPostcode: 'Postcode',
  fromAddress: 'Address line (optional)',
  toAddress: 'Address line (optional)',
  /** The wizard's typed date, next to its calendar. */
  typedDate: 'Or type the date (dd/mm/yyyy)',
  /** The form's date field (the browser's own date picker). */
  moveDate: 'Move date',
  name: 'Full Name',
  email: 'Email Address',
  phone: 'Phone Number',
  additionalInfo: 'Additional Information (Optional)',
  promoCode: 'Promo code (optional)',
  /** Car transport's own questions (priced on request: data/car-transport.ts). */
  carVehicle: 'Make and model',
  carFrom: 'Collection postcode',
  carTo: 'Delivery postcode',
  carName: 'Your name',
  carPhone: 'Number to call you on',
} as const;

export const QUOTE_HINTS = {
  furniture: 'Anything big or awkward that needs extra hands? Add it here; skip this step if not.',
  weekend: `Weekend moves may include a ${WEEKEND_SURCHARGE_RATE * 100}% surcharge`,
  postcode: 'The postcodes give your price; add the house number and street if you like, so the movers know where to go.',
  address: 'House or flat number and street',
  promoCode: 'A promo code, or a code from a friend who moved with us.',
} as const;

export const QUOTE_BUTTONS = {
  checkPrice: 'Check my price',
  submit: 'Submit Quote Request',
} as const;
