/** What the office's pages show (built in functions/lib/office/ and functions/pages/): data only. */
import type { MoveAddresses } from '~/lib/move-facts';
import type { MoveStatus } from '~/lib/move-status';
import type { PartnerOffersData } from './partners';
import type { LeadSource } from '~/lib/office/lead-entry';
import type { LeadFilters, StaffChoice } from '~/lib/office/leads';
import type { Owed } from '~/lib/office/owed';
import type { LeadStage, LeadType, OfficeTaskKind } from '~/lib/office/pipeline';
import type { StaffRole } from '~/lib/office/staff';
import type { PaymentPurpose, PaymentStatus, RefundSource, RefundStatus } from '~/lib/payments';
import type { DiarySectionData } from './diary';
import type { ConditionLine, JobSheetSectionData } from './job-sheet';
import type { DocumentLink } from './move';
import type { VersionView } from './written-quote';

export interface StaffMember {
  email: string;
  name: string;
  role: StaffRole;
  /** May see the money pages: the owner, or staff the owner named in settings (issue 45 item 6). */
  money: boolean;
}

export interface StaffListEntry {
  email: string;
  name: string;
  addedBy: string;
  addedAt: string;
}

export interface OverdueBalance {
  reference: string;
  name: string;
  moveDate: string;
  dueOn: string;
  balancePence: number;
}

export interface LeadSummary {
  reference: string;
  type: LeadType;
  kind: string;
  name: string;
  email: string | null;
  phone: string | null;
  createdAt: string;
  moveDate: string | null;
  fromPostcode: string | null;
  toPostcode: string | null;
  /** What the customer pays, in pence: the accepted written quote's total, else priceToPay; null when unpriced. */
  valuePence: number | null;
  /** The accepted written quote's total in pence, if one was accepted. */
  acceptedPence: number | null;
  /** The website, or a phone call the office typed in (issue 40 item 2). */
  source: LeadSource;
  /** A quote's own status (move-status.ts); null for a call-back or a message. */
  quoteStatus: MoveStatus | null;
  stage: LeadStage;
  handler: string | null;
  followUpOn: string | null;
  lostReason: string | null;
}

export interface LeadPage {
  leads: LeadSummary[];
  page: number;
  /** Whether another page follows this one. */
  more: boolean;
}

export interface OpenTask {
  id: number;
  reference: string;
  kind: OfficeTaskKind;
  detail: string | null;
  createdAt: string;
}

export interface TodoToday {
  newLeads: LeadSummary[];
  followUps: LeadSummary[];
  tasks: OpenTask[];
  /** Moves booked or asked to be booked from today to a week ahead. */
  moves: LeadSummary[];
  /** Booked moves whose balance's day has passed with some of it unpaid (issue 40 item 5), oldest first. */
  overdue: OverdueBalance[];
  /** Claims with no answer CLAIM_WAIT_DAYS days after they came in (issue 44 item 7), oldest first. */
  claims: Array<{ id: number; reference: string; item: string; state: string; since: string }>;
  /** How many there are of each, however many are shown. */
  counts: Record<'newLeads' | 'followUps' | 'tasks' | 'moves' | 'overdue', number>;
}

export interface OfficeHomeView {
  todo: TodoToday;
  filters: LeadFilters;
  list: LeadPage;
  staff: StaffChoice[];
  /** A search too long to run (issue 40 item 8): the page answers 400 with this by the search field, and no list. */
  searchError?: string;
}

export type Row = [label: string, text: string];

export interface HistoryLine {
  at: string;
  who: string;
  what: string;
}

export interface SentEmail {
  subject: string;
  to: string;
  status: string;
  at: string;
}

export interface LeadNote {
  author: string;
  at: string;
  note: string;
}

export interface LeadView {
  lead: LeadSummary;
  handlerName: string | null;
  given: Row[];
  price: Row[];
  history: HistoryLine[];
  emails: SentEmail[];
  notes: LeadNote[];
  tasks: Array<OpenTask & { label: string }>;
  staff: StaffChoice[];
  /** A quote's total, paid, refunded and balance (issue 40 item 5); null for a call-back or a message. */
  owed: Owed | null;
}

/** A lead form the Worker refused, shown again on the lead page with its messages tied to their fields. */
export interface LeadFormAnswer {
  action: string;
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
}

export interface StaffPageView {
  values?: { name: string; email: string };
  errors?: Record<string, string>;
}

export interface LedgerRefund {
  id: number;
  amountPence: number;
  status: RefundStatus;
  /** When Stripe answered, or when it was asked if it has not. */
  at: string;
  stripeRefundId: string | null;
  /** Refused, and asked again then; null once made, or given up (the office makes it by hand). */
  nextAttemptAt: string | null;
  source: RefundSource;
}

export interface LedgerPayment {
  id: number;
  purpose: PaymentPurpose;
  amountPence: number;
  status: PaymentStatus;
  refundedPence: number;
  createdAt: string;
  paidAt: string | null;
  paymentIntent: string | null;
  /** What Stripe took when it was not what was asked (status 'mismatch'). */
  receivedPence: number | null;
  receivedCurrency: string | null;
  disputedAt: string | null;
  refunds: LedgerRefund[];
}

/** The street address at each end, for the lead page's addresses section; null when the quote is gone. */
export interface AddressesData {
  fromPostcode: string;
  toPostcode: string;
  addresses: MoveAddresses;
}

/** The lead page's sections about a quote's move (LeadPage.astro), each loaded by the Worker with the lead. */
export interface LeadSections {
  /** Receipts, invoices and credit notes (issue 45 item 2), each linked to the office's copy. */
  documents: DocumentLink[];
  addresses: AddressesData | null;
  versions: VersionView[];
  payments: LedgerPayment[];
  diary: DiarySectionData | null;
  jobSheet: JobSheetSectionData;
  claims: ClaimsSectionData;
  /** A booked move's "Offer to partners" (issue 43 item 4); null before it is booked. */
  partners: PartnerOffersData | null;
}

/** The lead page's claims (issue 44 item 7): each with its damage report, and the reports not yet claimed for. */
export interface ClaimsSectionData {
  /** What the move's card payments can still give back: the most an offer can be. */
  refundable: string;
  claims: Array<{
    id: number;
    item: string;
    declared: string;
    state: string;
    /** Offered: the sum, and what Stripe took back at once. */
    offered: string | null;
    refunded: string | null;
    reason: string | null;
    openedBy: string;
    since: string;
    report: { at: string; note: string | null; photos: Array<{ href: string; label: string }> } | null;
    canAssess: boolean;
    canAnswer: boolean;
  }>;
  reports: Array<{ id: number; label: string; at: string; note: string | null }>;
  /** The condition records at both ends (issue 44 item 5), set beside the claims. */
  conditions: ConditionLine[];
}

/** Every office page shows who is signed in: the route's gate let them in. */
export interface OfficePage {
  staff: StaffMember;
}

export interface LeadPageView extends OfficePage {
  view: LeadView;
  answer: LeadFormAnswer | undefined;
  done: string | undefined;
  /** Only for a quote. */
  sections: LeadSections | null;
}
