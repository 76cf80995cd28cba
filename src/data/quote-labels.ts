/** The quote's wording, once for the wizard and the form that stands in for it without JavaScript; keys are the request's field names. */
import { ADDRESS_LABELS } from '../lib/move-facts';
import { WEEKEND_SURCHARGE_RATE } from '../lib/pricing';
import { TEXTS_CONSENT_LABEL } from '../lib/texts-consent';

export const QUOTE_STEPS = {
  1: 'How big is your space?',
  2: 'Select furniture services',
  3: 'Where are you moving?',
  4: 'When do you want to move?',
  5: 'Your contact details',
} as const;

export const QUOTE_ROUTE_ENDS = {
  from: 'Moving from',
  to: 'Moving to',
} as const;

/** Step 3's are read after their end's name ("Moving from Postcode"). */
export const QUOTE_LABELS = {
  fromPostcode: 'Postcode',
  toPostcode: 'Postcode',
  fromAddress: ADDRESS_LABELS.line1,
  fromAddress2: ADDRESS_LABELS.line2,
  fromTown: ADDRESS_LABELS.town,
  toAddress: ADDRESS_LABELS.line1,
  toAddress2: ADDRESS_LABELS.line2,
  toTown: ADDRESS_LABELS.town,
  typedDate: 'Or type the date (dd/mm/yyyy)',
  moveDate: 'Move date',
  name: 'Full Name',
  email: 'Email Address',
  phone: 'Phone Number',
  textUpdates: TEXTS_CONSENT_LABEL,
  additionalInfo: 'Additional Information (Optional)',
  promoCode: 'Promo code (optional)',
  carVehicle: 'Make and model',
  carFrom: 'Collection postcode',
  carTo: 'Delivery postcode',
  carName: 'Your name',
  carPhone: 'Number to call you on',
  carEmail: 'Your email (optional)',
} as const;

export const QUOTE_HINTS = {
  furniture: 'Anything big or awkward that needs extra hands? Add it here; skip this step if not.',
  weekend: `Weekend moves may include a ${WEEKEND_SURCHARGE_RATE * 100}% surcharge`,
  postcode: 'Your postcodes and the access at each end give your price.',
  address: 'House or flat number and street. It can wait until you book.',
  promoCode: 'A promo code, or a code from a friend who moved with us.',
  /** A survey's or a car's request: its written quote comes by e-mail (issue 40 item 2). */
  requestEmail: 'Your written quote comes by e-mail. Leave it empty and we will phone you with it.',
} as const;

export const QUOTE_BUTTONS = {
  checkPrice: 'Check my price',
  submit: 'Submit Quote Request',
} as const;
