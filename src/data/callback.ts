import { CALL_BACK_WITHIN } from './promises';

/** The call-back request's words, one source for the dialog (src/islands/callback-dialog/) and the page without JavaScript (/call-back). */
export const CALLBACK_COPY = {
  title: 'Request a call back',
  intro: `Leave your name and number and one of our team will call you back ${CALL_BACK_WITHIN}.`,
  nameLabel: 'Full Name',
  phoneLabel: 'Phone Number',
  button: 'Request call back',
} as const;

/** The spec's notifications (section 4): a title and a line each. */
export const CALLBACK_MESSAGES = {
  blank: { title: 'Please fill in all fields', description: 'Both name and phone number are required.' },
  sent: { title: 'Request submitted!', description: `We'll call you back ${CALL_BACK_WITHIN}.` },
} as const;
