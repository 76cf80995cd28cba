/**
 * Receipts, invoices and credit notes (issue 45 item 2): what each holds as issued, its words and its addresses.
 * Pure: the one writer is functions/lib/documents.ts, the pages' view functions/pages/document-view.ts.
 */
export type DocumentKind = 'receipt' | 'invoice' | 'credit_note';

export interface DocumentLine {
  label: string;
  pence: number;
}

/** A document as it was issued: stored whole, so a later change of price, name or setting never rewrites it. */
export interface IssuedDocument {
  kind: DocumentKind;
  /** `YYYY-MM-DD`, London: the tax point (the day the money was taken or given back). */
  issuedOn: string;
  reference: string;
  firm: { name: string; address: string[]; vatNumber: string | null };
  customer: { name: string; address: string[] };
  lines: DocumentLine[];
  /** VAT-inclusive; a credit note's is what goes back. */
  totalPence: number;
  /** Null when the firm was not registered for VAT on the day: the document shows none. */
  vat: { rate: number; pence: number } | null;
  /** An invoice: the payments already taken, each with its receipt's number. */
  paid: Array<DocumentLine & { receipt: number | null }>;
  /** A credit note: the receipt whose payment it gives back. */
  against: number | null;
  /** Stripe's payment id, for the customer's bank. */
  cardPayment: string | null;
}

export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  receipt: 'Receipt',
  invoice: 'Invoice',
  credit_note: 'Credit note',
};

/** The same number on page, e-mail and export. */
export const documentNumber = (number: number) => String(number).padStart(6, '0');

export const documentName = (kind: DocumentKind, number: number) => `${DOCUMENT_TITLES[kind]} ${documentNumber(number)}`;

/** The customer's copy: opened like the move page, by its link's token or the customer's session. */
export const MOVE_DOCUMENT_PATH = '/move-document';
/** The office's copy, staff only. */
export const OFFICE_DOCUMENT_PATH = '/office/document';

export function moveDocumentHref(reference: string, token: string | null, number: number): string {
  const query = new URLSearchParams({ ref: reference, ...(token ? { t: token } : {}), n: String(number) });
  return `${MOVE_DOCUMENT_PATH}?${query}`;
}

export const officeDocumentHref = (number: number) => `${OFFICE_DOCUMENT_PATH}?n=${number}`;

export const DOCUMENT_WORDS = {
  heading: 'Receipts and invoices',
  none: 'None yet: a receipt is issued for each payment, the invoice once the move is paid in full.',
  inEmail: 'Your receipt, to print or save as a PDF, is on your move page.',
  creditInEmail: 'Your credit note, to print or save as a PDF, is on your move page.',
  print: 'To keep a copy, print this page or save it as a PDF from your browser’s print menu.',
  pricesInclude: 'All prices include VAT.',
} as const;
