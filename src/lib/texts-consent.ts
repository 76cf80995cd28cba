/** The customer's consent to day-of-move texts (issue 44 item 4): its words and the one number check, for the quote and the move page. */
/**
 * A UK mobile number (07…, +447…, 00447…, spaces, dashes and brackets allowed) in E.164 (+447…), or null: only a
 * mobile can take a text.
 */
export function ukMobile(typed: string): string | null {
  const digits = typed.replace(/[\s()-]/g, '');
  const national = /^(?:\+44|0044|44)?0?(7\d{9})$/.exec(digits);
  return national ? `+44${national[1]}` : null;
}

/** Said beside the box at the quote (the wizard and the form without JavaScript). */
export const TEXTS_CONSENT_LABEL = 'Text me about my move (new crew, on our way, running late). No marketing, ever.';
export const TEXTS_NEED_MOBILE = 'Texts need a UK mobile number (starting 07). Please check it, or leave the box unticked.';
