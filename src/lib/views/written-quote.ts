/** The office's written quote page and the lead page's section (functions/pages/written-quote-view.ts builds them): data only. */
import type { AddressPart } from '~/lib/move-facts';
import type { WrittenQuoteDraft } from '~/lib/office/written-quote';

/** What a refused or previewed post hands the page (functions/office/written-quotes.ts). */
export interface WrittenQuoteFormState {
  reference: string;
  values: URLSearchParams;
  errors?: Record<string, string>;
  /** 'Check the total': the post read, nothing stored. */
  preview?: WrittenQuoteDraft;
}

export interface VersionView {
  version: number;
  rows: Array<[label: string, amount: string]>;
  deposit: string;
  validUntil: string;
  included: string | null;
  /** What a new date does to the price, in the customer's words. */
  newDate: string;
  sent: string | null;
  accepted: string | null;
  /** The newest sent version: the one the customer sees. */
  current: boolean;
}

export interface WrittenQuoteFormView {
  reference: string;
  leadHref: string;
  customer: { name: string; email: string; move: string };
  /** The customer's code and what it gives, taken off the lines' total when sent; null without one that applies. */
  code: string | null;
  rows: Array<{ label: string; amount: string }>;
  deposit: string;
  depositHint: string;
  validUntil: string;
  dates: { min: string; max: string };
  included: string;
  /** The "priced by date" box, ticked. */
  datePriced: boolean;
  /** The street address at each end, as stored or as posted: sending needs both in full (issue 40 item 1). */
  addresses: Array<{ end: 'from' | 'to'; postcode: string; values: Record<AddressPart, string>; complete: boolean }>;
  errors: Record<string, string>;
  preview: Array<[label: string, amount: string]> | null;
  done: string | null;
  versions: VersionView[];
}
