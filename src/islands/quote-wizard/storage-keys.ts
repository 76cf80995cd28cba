// WIZARD_KEY (sessionStorage) keeps this tab's answers across a reload; DRAFT_KEY (localStorage) keeps an unfinished
// quote, never the name, e-mail or phone, for DRAFT_DAYS (draft.ts). Both go when a quote is sent. Kept apart from the
// components so the small modules that read them stay small.
export const WIZARD_KEY = 'shiftly:quote-wizard';
export const DRAFT_KEY = 'shiftly:quote-draft';
export const DRAFT_DAYS = 7;
