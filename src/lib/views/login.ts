/** What the sign-in page shows after a request (functions/pages/login.ts builds it): data only. */

export interface LoginView {
  /**
   * The link is on its way, the link cannot be used, a usable link's button, the data has been deleted, or a move's link
   * that opens no move (a damaged or expired one: issue 41 item 5).
   */
  notice?: 'sent' | 'expired' | 'link' | 'deleted' | 'move-link';
  /** Already signed in: the move-link notice points to their moves. */
  signedIn?: boolean;
  /** The address as typed, written back into the form. */
  email?: string;
  /** By field name; `form` for a problem with no field of its own (say, too many requests). */
  errors?: Readonly<Record<string, string>>;
  /** A usable link's token: the page shows only the button that spends it. */
  link?: string;
  /** After "Delete my data": the booked moves kept and the booking requests withdrawn, each as a phrase (null: none). */
  deleted?: { kept: string | null; withdrawn: string | null };
}
