/** sessionStorage key for a notification handed to the next page. Kept apart so the tiny loader need not import the module. */
export const HANDOFF_KEY = 'shiftly:notice';
