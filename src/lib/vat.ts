/**
 * VAT (issue 45 item 1). Prices are always VAT-inclusive (ASA code rule 3.18); a registered firm's documents show the
 * VAT within each total, an unregistered firm's none. Pure: the owner's setting is read by functions/lib/office/settings.ts.
 */
import { formatPence } from './money';

/** The UK standard rate, in per cent. */
export const VAT_RATE = 20;

/** A registered firm's VAT: its number and rate. Unregistered: null, and no document shows VAT. */
export interface Vat {
  number: string;
  rate: number;
}

/** The VAT within a VAT-inclusive amount, to the penny: total × rate / (100 + rate). A credit's VAT is negative. */
export function vatWithin(pence: number, rate: number): number {
  const vat = Math.round((Math.abs(pence) * rate) / (100 + rate));
  return pence < 0 ? -vat : vat;
}

export const vatLabel = (rate: number) => `Of which VAT at ${rate}%`;
export const VAT_NUMBER_LABEL = 'VAT number';

/** The row under a total: none when the firm is not registered. */
export const vatRows = (pence: number, vat: Vat | null | undefined): Array<[label: string, amount: string]> =>
  vat ? [[vatLabel(vat.rate), formatPence(vatWithin(pence, vat.rate))]] : [];

/** GB and 9 digits, or GB and 12 (a branch), as HMRC writes them; spaces are dropped. */
export const VAT_NUMBER = /^GB(\d{9}|\d{12})$/;
export const normaliseVatNumber = (typed: string) => typed.replace(/\s+/g, '').toUpperCase();
