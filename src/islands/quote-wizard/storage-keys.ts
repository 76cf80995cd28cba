/**
 * Where the quote wizard keeps answers on the device.
 *
 * - WIZARD_KEY (sessionStorage): the whole wizard of this tab, so a reload or a back-navigation keeps every answer.
 * - DRAFT_KEY (localStorage): an unfinished quote's answers, never the name, e-mail or phone, kept for DRAFT_DAYS
 *   after the last change, so opening /quote another day offers 'Continue your quote' (draft.ts).
 * Both go when a quote is sent. Kept apart from the components so the small modules that read them stay small.
 */
export const WIZARD_KEY = 'shiftly:quote-wizard';
export const DRAFT_KEY = 'shiftly:quote-draft';
export const DRAFT_DAYS = 7;
