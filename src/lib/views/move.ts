/** What a move's own page shows (functions/pages/move-view.ts builds it): data only. */
import type { ChangeOrderLine, ConditionLine } from './job-sheet';
import type { FormView as PartsView } from '~/lib/form-view';
import type { MoveAction } from '~/lib/move-status';
import type { MovingDayStatus } from '~/lib/moving-day';
import type { MoveStage, MoveSummary } from '~/lib/move-summary';
import type { routeMapView } from '~/lib/route-map';

/** The forms' values and messages (read with readView()); `errors.form` is a problem with no field of its own. */
export type FormView = PartsView & { errors: Record<string, string> };

/** The part the page brings into view with no script (`autofocus`): a problem first, then what was asked for. */
export type MoveFocus = 'errors' | 'done' | 'date-preview' | 'book-preview' | 'cancel-confirm';

/** The rows of "Your move" and the staff page's "The move"; an optional one is absent when it says nothing. */
export interface MoveDetails {
  service?: string;
  property: string;
  from: string;
  to: string;
  date: string;
  distance: string;
  furniture: string;
  access?: string;
  name: string;
  email: string;
  phone: string;
  notes?: string;
}

export interface ManageView {
  actions: ReadonlySet<MoveAction>;
  /** "Report damage": only in its window, so the page carries no hidden form otherwise. */
  damage: boolean;
  /** The estimate no longer holds: asking to book prices it again first. */
  expired: boolean;
  done: string | null;
  /** A new date asked about: its estimate, or for a booked move what the change costs (`cost`, issue 34 item 3). */
  preview: { date: string; total: string; was: string; cost: string | null } | null;
  /** The move is booked: a new date keeps it booked, on its written quote's terms. */
  rebook: boolean;
  repriced: { total: string; was: string } | null;
  cancelAsk: boolean;
  /** While asking "Cancel this move?": the fee and the refund to the card, if it was paid by card (issue 34). */
  cancelCost: string | null;
  history: Array<{ at: string; date: string; line: string }>;
  /** "Keep my move": the page as it stands. */
  selfHref: string;
  /** Saving new access works the estimate out again; a written quote the customer accepted stays the price. */
  accessPriced: boolean;
  /** Which form a refused address belongs to: the written quote's accept step, or the addresses and access form. */
  addressForm: 'accept' | 'access';
  /** "Book and pay the deposit now": a standard move, until a written quote is sent (issue 41 item 2). */
  bookOnline?: boolean;
  /** The move's claims (issue 44 item 7), each with where it is in the customer's words. */
  claims: MoveClaim[];
}

export interface MoveClaim {
  id: number;
  item: string;
  value: string;
  state: string;
}

/** "Your written quote": the newest version the office sent (issue 33 item 3). */
export interface WrittenQuoteView {
  version: number;
  rows: Array<[label: string, amount: string]>;
  /** The VAT within the total, when the firm is registered (issue 45 item 1); else empty. */
  vat: Array<[label: string, amount: string]>;
  deposit: string;
  /** A deposit to pay on accepting: accepting then goes to Checkout (quote-manage.ts). */
  withDeposit: boolean;
  validUntil: string;
  included: string | null;
  /** "Accepted on …", once it is. */
  accepted: string | null;
  /** The accept button: not accepted, and its last day not past. */
  acceptable: boolean;
  /** Past its last day, not accepted. */
  expired: boolean;
  /** What a new date does to the price (its `datePriced`, issue 34 item 3). */
  newDate: string;
  /** The ends whose street address is not complete: the accept step asks for them (issue 40 item 1). */
  missing: Array<'from' | 'to'>;
  /** The estimate the customer booked online (issue 41 item 2), not a price the office wrote. */
  online: boolean;
}

/** The top of the page (src/lib/move-summary.ts), with the move's reference and its calendar file. */
export interface MoveSummaryView extends MoveSummary {
  reference: string;
  /** Only for a move still ahead. */
  calendarHref: string | null;
  /** What the total leaves out for the service the quote was started for (a car, storage, packing). */
  serviceNote: string | null;
}

/** The prices before the one that applies now, each with when it was given: the estimate, and earlier written quotes. */
export interface EarlierPrice {
  date: string;
  line: string;
}

/** A receipt, invoice or credit note, linked from the move page and the lead page (issue 45 item 2). */
export interface DocumentLink {
  title: string;
  date: string;
  href: string;
}

/** The moving day on the move page (issue 44 item 1): null before the day and for a move not booked. */
export interface MovingDayView extends MovingDayStatus {
  /** The status JSON the page asks every few seconds with JavaScript. */
  statusHref: string;
  /** The page again: the refresh link without JavaScript. */
  refreshHref: string;
}

/** "Text me on the day" (issue 44 item 4): the customer's own choice, for a move still ahead or today. */
export interface MoveTextsView {
  on: boolean;
  /** When and how it last changed, in words ("Turned on with your quote on 2 December 2026"); null if never chosen. */
  since: string | null;
  /** The move's phone number is a UK mobile: texts can be turned on. */
  mobile: boolean;
}

export interface MovePageView {
  texts: MoveTextsView | null;
  /** The condition records the customer signed at each end (issue 44 item 5), pickup first; none before the day. */
  conditions: ConditionLine[];
  /** The extras the crew proposed on the day (issue 44 item 6), each to accept or refuse while proposed. */
  changes: ChangeOrderLine[];
  /** The move's receipts, invoices and credit notes, oldest first. */
  documents: DocumentLink[];
  movingDay: MovingDayView | null;
  stage: MoveStage;
  heading: string;
  summary: string;
  /** The tick, while the move goes ahead. */
  tick: boolean;
  /** Which line speaks of our newest e-mail to the customer. */
  email: 'emailed' | 'email-pending' | 'email-gave-up' | null;
  top: MoveSummaryView;
  /**
   * The Estimated Quote card's parts (PriceCard.astro), null while the business prices it. Once a written quote is sent
   * the estimate is no longer the price: it is shown in the history (`inHistory`).
   */
  estimate: { card: PartsView; inHistory: boolean } | null;
  earlier: EarlierPrice[];
  nextSteps: boolean;
  details: MoveDetails;
  map: ReturnType<typeof routeMapView> | null;
  written: WrittenQuoteView | null;
  manage: ManageView;
  form: FormView;
  focus: MoveFocus | null;
}
