/** What a public page's twin (src/pages/forms/) shows after a post or with a search (functions/pages/ builds it): data only. */
import type { FormView } from '~/lib/form-view';

/** A twin's answer: its status, and what it shows (nothing: the page as prebuilt). */
export interface FormTwin {
  status: number;
  view?: FormView | undefined;
}

export interface FaqSearchView {
  view: FormView;
  /** The questions (`faqItemKey`) and categories that match: the rest are hidden. */
  shown: { items: ReadonlySet<string>; categories: ReadonlySet<string> };
}

/** The quote page's twin: what it shows, and the headers it is sent with. */
export interface QuoteFormTwin {
  status: number;
  view: FormView;
  headers: Record<string, string>;
}
