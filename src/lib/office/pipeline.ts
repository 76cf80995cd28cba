/** A lead's way through the office, and the things customers and crews leave the office to do (issue 33 items 2 and 6). */
export const LEAD_STAGES = ['new', 'contacted', 'survey_booked', 'quoted', 'booked', 'done', 'lost'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export const STAGE_LABELS: Record<LeadStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  survey_booked: 'Survey booked',
  quoted: 'Quoted',
  booked: 'Booked',
  done: 'Done',
  lost: 'Lost',
};

export const LEAD_TYPES = ['quote', 'contact', 'callback'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

export const OFFICE_TASKS = {
  booking_request: 'Booking requested',
  date_change: 'Move date changed',
  /** A booked move's new date: its crew, van and arrival window were for the old day (issue 34 item 3). */
  crew_for_new_date: 'Booked date moved: book a crew for the new day',
  /** A standard move booked and paid online at its estimate (issue 41 item 2): held in the diary, no crew yet. */
  instant_booking: 'Booked and paid online: book a crew',
  cancellation: 'Move cancelled',
  erasure_kept_move: 'Data erased, booked move kept',
  quote_accepted: 'Written quote accepted',
  job_problem: 'Damage or problem reported',
  job_done: 'Job done',
  customer_damage: 'Damage reported by the customer',
  /** Issue 44 item 6: the customer refused the extras the crew proposed on the day; the price is unchanged. */
  change_refused: 'Extras refused by the customer on the day',
  refund_failed: 'Refund refused by Stripe: make it by hand',
  /** Card payments (issue 39): money not owed sent back, a refund made in Stripe's dashboard, and the urgent ones. */
  payment_not_owed: 'Payment not owed: refunded automatically',
  refund_outside: "Refund made in Stripe's dashboard: recorded",
  payment_mismatch: 'Card payment did not match: NOT counted as paid',
  payment_disputed: 'Card payment disputed by the card holder',
  /** Issue 44 item 3: the arrival window or the crew's estimate passed with no word from them; the customer is told. */
  crew_late: 'Crew late: ring the crew lead',
  /** Partner drivers (issue 43): an application to vet. */
  partner_application: 'Partner application: check the documents',
  partner_suspended: 'Partner paused: insurance or MOT lapsed',
  partner_document: 'Partner uploaded a new document: check it',
  /** Issue 43 item 3: the partner changed their van on their page; its MOT and insurance are not yet seen. */
  partner_van: 'Partner changed their van: check its MOT and insurance',
  /** Issue 43 item 6: a partner gave a job back; it is offered again at once, and the office watches it is taken. */
  partner_gave_back: 'Partner gave a job back: make sure it is taken',
  partner_call_customer: 'No partner 24 hours before the move: call the customer',
  /** Issue 43 item 5: Stripe refused a partner's transfer or reversal after every try: make it in Stripe by hand. */
  partner_payout_failed: "Partner's payout refused by Stripe: make it by hand",
} as const;
export type OfficeTaskKind = keyof typeof OFFICE_TASKS;

/** Money the office must act on today, and a crew late on the day: listed first and marked urgent. */
export const URGENT_TASKS: ReadonlySet<OfficeTaskKind> = new Set([
  'refund_failed',
  'payment_mismatch',
  'payment_disputed',
  'crew_late',
  'partner_gave_back',
  'partner_call_customer',
]);
