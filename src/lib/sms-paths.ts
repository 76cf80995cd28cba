/** The Worker's text-message paths (issue 44 item 4): the provider's signed callbacks, and the move page's consent form. */
/** Where the provider posts each change of a text's status (its StatusCallback). */
export const SMS_STATUS_PATH = '/api/sms/status';
/** Where the provider posts a text from a phone (STOP, START…): the firm's number's inbound webhook. */
export const SMS_INBOUND_PATH = '/api/sms/inbound';
/** The move page's "Text me on the day" on or off. */
export const MOVE_TEXTS_PATH = '/move-texts';
