/** What /account shows a signed-in customer (functions/pages/account-view.ts builds it): data only. */

export interface QuoteRowView {
  reference: string;
  href: string;
  from: string;
  to: string;
  moveDate: string;
  askedOn: string;
  total: string;
  status: string;
}

export interface AccountView {
  email: string;
  code: string;
  quotes: QuoteRowView[];
}
