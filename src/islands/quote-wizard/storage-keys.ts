/**
 * sessionStorage keys of the quote flow (the static site's stand-in for navigation state).
 *
 * - WIZARD_KEY holds the wizard's answers, so a reload or a back-navigation keeps them.
 * - CONFIRMATION_KEY holds what /quote-confirmation shows: the request as sent plus the server's answer
 *   (reference and pricing). Without it, /quote-confirmation redirects to /quote.
 * Both are cleared by 'Request Another Quote'. Kept apart from the components so the small confirmation
 * island does not pull in the wizard.
 */
export const WIZARD_KEY = 'shiftly:quote-wizard';
export const CONFIRMATION_KEY = 'shiftly:quote-confirmation';

export interface ConfirmationData {
  reference: string;
  propertyTitle: string;
  from: string;
  to: string;
  /** `YYYY-MM-DD` */
  moveDate: string;
  name: string;
  email: string;
  phone: string;
  additionalInfo: string;
  /** The server's total, in whole pounds. */
  total: number;
  distance: number;
  emailSent: boolean;
  promoCode?: string;
}

export function readConfirmation(): ConfirmationData | null {
  try {
    const raw = sessionStorage.getItem(CONFIRMATION_KEY);
    if (!raw) return null;
    const data = JSON.parse(raw) as ConfirmationData;
    return typeof data?.reference === 'string' && typeof data.total === 'number' ? data : null;
  } catch {
    return null;
  }
}

/** False when the browser refuses storage (then the confirmation page would have nothing to show). */
export function saveConfirmation(data: ConfirmationData): boolean {
  try {
    sessionStorage.setItem(CONFIRMATION_KEY, JSON.stringify(data));
    return true;
  } catch {
    return false;
  }
}

/** 'Request Another Quote': forget the last request and every wizard answer. */
export function clearQuoteFlow(): void {
  try {
    sessionStorage.removeItem(CONFIRMATION_KEY);
    sessionStorage.removeItem(WIZARD_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}
