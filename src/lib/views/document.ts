/** A receipt, invoice or credit note as its page shows it (issue 45 item 2): built by functions/pages/document-view.ts. */
import type { DocumentKind } from '../documents';

export type Row = [label: string, value: string];

export interface DocumentView {
  kind: DocumentKind;
  /** "Invoice 000012". */
  title: string;
  date: string;
  reference: string;
  firm: { name: string; address: string[]; vatNumber: string | null };
  customer: { name: string; address: string[] };
  lines: Row[];
  total: Row;
  /** The VAT within the total, or null: the firm was not registered when it was issued. */
  vat: Row | null;
  /** An invoice: the payments taken, then what is left. */
  paid: Row[];
  /** A credit note: the receipt it gives back against. */
  against: string | null;
  cardPayment: string | null;
  back: { href: string; label: string };
}

/** What the customer's document route hands its loader. */
export interface MoveDocumentRequest {
  reference: string;
  token: string | null;
  number: number;
}
