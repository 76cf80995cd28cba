/** What a staff link's page shows (functions/pages/staff-view.ts builds it): data only. */
import type { FormView } from './move';

export interface StaffView {
  reference: string;
  /** Every row of "The move", '—' where the customer said nothing. */
  details: Record<string, string>;
  review: { rating: string; name: string; text: string } | null;
  /** The booking's buttons, while the request waits for them. */
  answer: boolean;
  /** The review's buttons, while it waits to be checked. */
  reviewAnswer: boolean;
  done: string | null;
  form: FormView;
}
