/**
 * Every address of the office (issue 33). The pages are on-demand Astro pages under src/pages/office/; their form posts
 * are Hono routes (functions/office/). A job sheet is the crew's, not the office's: it has its own token, no session.
 */
export const OFFICE_PATHS = {
  home: '/office',
  lead: '/office/lead',
  /** A lead added by hand from a phone call (`?kind=quote|survey|car`). */
  newLead: '/office/new-lead',
  /** A lead's facts, corrected (`?ref=`). */
  editLead: '/office/edit-lead',
  /** A survey or car lead made a move, to write its quote (`?ref=`). */
  leadMove: '/office/lead-move',
  writtenQuote: '/office/written-quote',
  /** The lead page's form for the street address at each end (issue 40 item 1). */
  addresses: '/office/addresses',
  diary: '/office/diary',
  staff: '/office/staff',
  /** The owner's settings (issue 40 item 7). */
  settings: '/office/settings',
  signOut: '/office/sign-out',
  /** Ends every office session of the member pressing it, on every device (issue 40 item 8). */
  signOutEverywhere: '/office/sign-out-everywhere',
  jobSheet: '/job-sheet',
  /** The office's post that makes a crew's job sheet link, answered with the link shown once. */
  jobSheetLink: '/office/job-sheet-link',
  /** The office's post that e-mails the crew lead a new job sheet link (issue 40 item 7). */
  jobSheetEmail: '/office/job-sheet-email',
  /** Removing staff, a crew or a van asks first: the page answering the remove button's post (never asked for by itself). */
  confirmRemoval: '/office/confirm-removal',
  /** A photo from a crew's report, streamed from R2 to staff only (`?key=`). */
  jobPhoto: '/office/job-photo',
} as const;

/** A lead's page: its reference in the query (`/office/lead?ref=…`), so one on-demand page answers every lead. */
export const leadPath = (reference: string) => `${OFFICE_PATHS.lead}?${new URLSearchParams({ ref: reference })}`;

/** A lead's correction page, and its page that makes a survey or car lead a move. */
export const editLeadPath = (reference: string) => `${OFFICE_PATHS.editLead}?${new URLSearchParams({ ref: reference })}`;
export const leadMovePath = (reference: string) => `${OFFICE_PATHS.leadMove}?${new URLSearchParams({ ref: reference })}`;

/** A lead's written-quote page, and where its form posts (so a reload after a preview or a refusal finds the lead). */
export const writtenQuotePath = (reference: string, extra: Record<string, string> = {}) =>
  `${OFFICE_PATHS.writtenQuote}?${new URLSearchParams({ ref: reference, ...extra })}`;

/** The query field of a job sheet's token (kept out of the path, as the request logs drop query strings). */
export const JOB_SHEET_TOKEN_FIELD = 't';
