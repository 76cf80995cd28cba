/**
 * The accountant's export (issue 45 item 4): each issued document as rows of Xero's sales-invoice import template, and
 * each payment and refund as a row of its own. Pure: the rows are read by functions/lib/office/accounts-export.ts.
 */
import { documentNumber, DOCUMENT_TITLES, type IssuedDocument } from '../documents';
import { PURPOSE_LABELS, type PaymentPurpose } from '../payments';
import type { ReportPeriod } from './reports';

export const XERO_CSV_PATH = '/office/reports/xero.csv';
export const PAYMENTS_CSV_PATH = '/office/reports/payments.csv';

/**
 * Xero's sales-invoice import template (Business > Invoices > Import > Download template), its columns in order; a `*`
 * marks the nine it requires. Required columns and DD/MM/YYYY dates: https://xero-help.caltrix.asia/en/articles/12528333-how-to-import-sales-invoice-into-xero
 * and https://online.flippingbook.com/view/399081/31/ (UnitAmount a plain number, all inclusive or all exclusive of
 * tax, chosen when importing; TaxType the rate's name as Xero shows it, e.g. "20% (VAT on Income)"). No page found
 * printed the whole header row: the optional columns and their order are the template as remembered, to be checked
 * against one downloaded from Xero.
 */
export const XERO_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;

/** The sales account in Xero's standard chart of accounts; the accountant may map it to another when importing. */
export const XERO_SALES_ACCOUNT = '200';
export const NO_VAT = 'No VAT';
export const xeroTaxType = (rate: number) => `${rate}% (VAT on Income)`;

// Stripe's fee and the net after it come last, as in the ledger's CSV, so a sheet built on the first five still reads them.
export const PAYMENT_COLUMNS = ['Date', 'Reference', 'Kind', 'Amount', 'Stripe id', 'Stripe fee', 'Net of fee'] as const;

export const EXPORT_LINKS = { xero: 'Download for Xero (CSV)', payments: 'Payments (CSV)' } as const;

/** Whole pence as pounds with two decimals and no sign of currency: -17625 -> "-176.25". */
export function pounds(pence: number): string {
  const whole = Math.abs(pence);
  return `${pence < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` as Xero's UK DD/MM/YYYY. */
export const ukDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * One field, quoted when it holds a comma, a quote or a line break (RFC 4180). Text a spreadsheet would run as a formula
 * (= + - @ first) gets a leading apostrophe; amounts are passed as `raw` so a credit's minus stays a number.
 */
export function csvField(value: string, raw = false): string {
  const text = !raw && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: ReadonlyArray<string | { raw: string }>) =>
  `${fields.map((field) => (typeof field === 'string' ? csvField(field) : csvField(field.raw, true))).join(',')}\r\n`;

/**
 * A document's rows: one per line. The template has no Type column, so a credit note's amounts are negative (an
 * invoice whose total is negative is taken as a credit note; not confirmed by a page found, see the export's report).
 */
export function xeroRows(number: number, document: IssuedDocument): string[] {
  const sign = document.kind === 'credit_note' ? -1 : 1;
  const address = document.customer.address.slice(0, -1);
  const postcode = document.customer.address.at(-1) ?? '';
  const date = ukDate(document.issuedOn);
  const tax = document.vat ? xeroTaxType(document.vat.rate) : NO_VAT;
  return document.lines.map((line) =>
    csvLine([
      document.customer.name,
      '',
      ...[0, 1, 2, 3].map((i) => address[i] ?? ''),
      '',
      '',
      postcode,
      '',
      documentNumber(number),
      `${DOCUMENT_TITLES[document.kind]} for move ${document.reference}`,
      date,
      date,
      '',
      line.label,
      { raw: '1' },
      { raw: pounds(sign * line.pence) },
      '',
      XERO_SALES_ACCOUNT,
      tax,
      '',
      '',
      '',
      '',
      'GBP',
      '',
    ]),
  );
}

export interface MoneyMovement {
  /** `YYYY-MM-DD`, London. */
  day: string;
  reference: string;
  purpose: PaymentPurpose;
  refund: boolean;
  pence: number;
  stripeId: string | null;
  /**
   * Stripe's fee (unsigned pence) on a payment, from its balance transaction (migrations/0200); null while not read
   * from Stripe yet. A refund's is 0: Stripe keeps a card payment's fee when it is refunded, as the ledger has it.
   */
  feePence: number | null;
}

/** The fee and the net are left blank, never 0.00, while Stripe's fee is not known: an accountant's sum skips a blank. */
export function paymentRow(row: MoneyMovement): string {
  const pence = row.refund ? -row.pence : row.pence;
  return csvLine([
    ukDate(row.day),
    row.reference,
    row.refund ? `Refund of the ${PURPOSE_LABELS[row.purpose].toLowerCase()}` : PURPOSE_LABELS[row.purpose],
    { raw: pounds(pence) },
    row.stripeId ?? '',
    row.feePence === null ? '' : { raw: pounds(row.feePence) },
    row.feePence === null ? '' : { raw: pounds(pence - row.feePence) },
  ]);
}

/** The file's name names the period: xero-2026-01-01-to-2026-01-31.csv. */
export const exportFilename = (what: 'xero' | 'payments' | 'ledger', { from, to }: ReportPeriod) => `${what}-${from}-to-${to}.csv`;

export const exportHref = (path: string, { from, to }: ReportPeriod) => `${path}?${new URLSearchParams({ from, to })}`;
