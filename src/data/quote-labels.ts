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

export const QUOTE_LABELS = {
  fromPostcode: 'Moving from',
  toPostcode: 'Moving to',
  /** The wizard's typed date, next to its calendar. */
  typedDate: 'Or type the date (dd/mm/yyyy)',
  /** The form's date field (the browser's own date picker). */
  moveDate: 'Move date',
  name: 'Full Name',
  email: 'Email Address',
  phone: 'Phone Number',
  additionalInfo: 'Additional Information (Optional)',
  promoCode: 'Promo code (optional)',
} as const;

export const QUOTE_HINTS = {
  furniture: 'Anything big or awkward that needs extra hands? Add it here; skip this step if not.',
  weekend: `Weekend moves may include a ${WEEKEND_SURCHARGE_RATE * 100}% surcharge`,
  postcode: 'A postcode, or an address ending in one: for example SW1A 1AA.',
  promoCode: 'Have a code? Enter it here.',
} as const;

export const QUOTE_BUTTONS = {
  checkPrice: 'Check my price',
  submit: 'Submit Quote Request',
} as const;
