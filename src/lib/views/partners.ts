/** The partner pages' views (issue 43): plain data the Worker's loaders build and the pages render. */
import type { PartnerRecord } from '~/lib/partners/offers';
import type { ApplyValues, DocumentKind } from '~/lib/partners/apply';
import type { EarningsView } from '~/lib/partners/payouts';

/** /drivers/apply: blank, sent back with messages by field (files are never kept), or sent. */
export interface ApplyPageView {
  values: ApplyValues;
  errors: Readonly<Record<string, string>>;
  sent: boolean;
}

export type PartnerStatus = 'applied' | 'approved' | 'refused' | 'suspended';

/** What the office and the partner see of a partner (an application, once approved a partner). */
export interface PartnerView {
  reference: string;
  name: string;
  email: string;
  phone: string;
  districts: string[];
  vanTonnes: number;
  registration: string;
  licenceSince: string;
  status: PartnerStatus;
  refusalReason: string | null;
  workDays: number[];
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

export interface PartnerDocumentView {
  id: number;
  kind: DocumentKind;
  contentType: string;
  size: number;
  expiresOn: string | null;
  status: 'pending' | 'approved' | 'refused';
  uploadedAt: string;
}

/** A refused decision post: its message by field (`reason`, or `form`) and the reason as typed. */
export interface DecisionState {
  reference: string;
  errors: Readonly<Record<string, string>>;
  reason?: string;
}

export interface PartnerApplicationPageView {
  partner: PartnerView;
  documents: PartnerDocumentView[];
  state: DecisionState | undefined;
  done: 'approved' | 'refused' | null;
  /** Their jobs' pay through Stripe Connect (issue 43 item 5). */
  earnings: EarningsView;
  /** Jobs done and given back, punctuality and verified reviews (issue 43 item 6); null before they are approved. */
  record: PartnerRecord | null;
}

/** An offer as the partner sees it before claiming: the day, the districts, the size and their share; never the customer. */
export interface PartnerOfferView {
  id: number;
  moveDate: string;
  fromDistrict: string;
  toDistrict: string;
  propertyId: string;
  sharePence: number;
  /** Another partner took it first. */
  taken: boolean;
  /** The window and crew size the customer was told when the firm booked its own crew: the partner keeps to them. */
  told: { window: string; size: number } | null;
  /** What the accept form offers first for how many come: the package's movers. */
  crewSize: number;
}

/** One of the partner's own jobs; `customer` only until the end of the day after the move. */
export interface PartnerJobView {
  id: number;
  reference: string;
  moveDate: string;
  fromDistrict: string;
  toDistrict: string;
  sharePence: number;
  done: boolean;
  /** When they said they would arrive and how many come (null for a job taken before they were asked). */
  arrivalWindow: string | null;
  crewSize: number | null;
  customer: { name: string; phone: string; from: string; to: string } | null;
}

/** The partner's own page: their record, documents, offers, jobs and earnings, a refused form's messages, what was just done. */
export interface PartnerHomeView {
  partner: PartnerView;
  documents: PartnerDocumentView[];
  offers: PartnerOfferView[];
  jobs: PartnerJobView[];
  /** The owner's arrival windows (keys), which the accept form offers. */
  windows: string[];
  /** Their jobs' pay through Stripe Connect (issue 43 item 5). */
  earnings: EarningsView;
  errors: Readonly<Record<string, string>>;
  /** A refused details form's answers (by field name), given back to correct; empty otherwise. */
  values: Readonly<Record<string, string>>;
  done: 'days' | 'details' | 'document' | 'accepted' | 'declined' | 'taken' | 'given_back' | null;
}

/** The office lead page's "Offer to partners" (issue 43 item 4), for a booked move. */
export interface PartnerOffersData {
  /** The price, the commission and the partner's share at today's commission; null while the move has no price. */
  share: { pricePence: number; commissionPence: number; sharePence: number; percent: number } | null;
  /** The smallest van the move needs, in tonnes. */
  vanTonnes: number;
  /** The partner who has the move now. */
  partner: { name: string; reference: string; sharePence: number } | null;
  /** Partners who fit, best record first; `offered` while they have it open. */
  fitting: Array<{
    reference: string;
    name: string;
    vanTonnes: number;
    record: { done: number; givenBack: number; givenBackLate: number };
    offered: boolean;
  }>;
  offers: Array<{ partnerName: string; status: string; offeredAt: string; offeredBy: string; sharePence: number }>;
}
