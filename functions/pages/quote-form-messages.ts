// GOV.UK wording for the no-JavaScript form, while the shared schemas keep the spec's for the wizard and the API.
// A message not listed (one with the customer's own limit in it) is shown as it is.
import { MOVE_DATE_MESSAGES } from '~/lib/move-date';
import { missingPostcodeMessage, POSTCODE_MESSAGES } from '~/lib/postcodes';
import { site } from '~/site.config';

const EXAMPLE_POSTCODE = 'SW1A 1AA';

const endWords = {
  fromPostcode: 'you are moving from',
  toPostcode: 'you are moving to',
  carFrom: 'the car is collected from',
  carTo: 'the car goes to',
} as const;

const postcodeMessages = (field: keyof typeof endWords, invalid: string, missing: string): Record<string, string> => ({
  [missing]: `Enter the postcode ${endWords[field]}, like ${EXAMPLE_POSTCODE}`,
  [invalid]: `Enter a real postcode for the address ${endWords[field]}, like ${EXAMPLE_POSTCODE}`,
  [POSTCODE_MESSAGES.notFound]: `We could not find this postcode. Check it, or call us on ${site.phone.display} and we will price your move`,
});

const nameMessages = { 'Please enter your full name.': 'Enter your full name' };
const phoneMessages = {
  'Please enter your phone number.': 'Enter a phone number, like 07700 900 982',
  'Please enter a UK phone number (10 to 15 digits).': 'Enter a UK phone number, like 07700 900 982',
  'Phone numbers can use digits, spaces, +, - and brackets only.': 'Enter a phone number using only digits, spaces, +, - and brackets',
};

const emailMessages = {
  'Please enter your email address.': 'Enter your email address',
  'Please enter a valid email address.': 'Enter an email address in the correct format, like name@example.com',
};

const FORM_MESSAGES: Record<string, Record<string, string>> = {
  propertyId: { 'Please choose a property size.': 'Select how big your space is' },
  fromPostcode: postcodeMessages('fromPostcode', POSTCODE_MESSAGES.invalidFrom, missingPostcodeMessage('from')),
  toPostcode: postcodeMessages('toPostcode', POSTCODE_MESSAGES.invalidTo, missingPostcodeMessage('to')),
  moveDate: {
    [MOVE_DATE_MESSAGES.not_a_date]: 'Enter the date you would like to move, like 27/03/2027',
  },
  name: nameMessages,
  email: emailMessages,
  phone: phoneMessages,
  promoCode: { 'This promo code is not recognised.': 'Enter a promo code we know, or leave this empty' },
  carVehicle: { 'Please enter the make and model of the car.': 'Enter the make and model of the car, like Ford Focus' },
  carRuns: { 'Please say whether the car runs.': 'Select whether the car runs' },
  carFrom: postcodeMessages('carFrom', POSTCODE_MESSAGES.invalidFrom, missingPostcodeMessage('from')),
  carTo: postcodeMessages('carTo', POSTCODE_MESSAGES.invalidTo, missingPostcodeMessage('to')),
  carName: nameMessages,
  carPhone: phoneMessages,
  carEmail: emailMessages,
};

export const formMessage = (field: string, message: string): string => FORM_MESSAGES[field]?.[message] ?? message;

export const formMessages = (errors: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, formMessage(field, message)]));
