/**
 * Every on-demand page's loader, by the page's path (registered by worker.ts, run by astro-page.ts before Astro): it
 * works out the page's whole view from the bindings, the clock, the request and what the route handed, or answers
 * instead of the page (a redirect, the 404). The page (src/pages) only reads the view and renders it. A page not listed
 * here is handed what its route handed, as it is (a view the route made itself: login, referral, reviews, articles).
 */
import { ACCOUNT_PATHS } from '~/lib/account';
import { PAGE_PATHS } from '~/lib/api';
import { OFFICE_PATHS } from '~/lib/office/paths';
import type { PageLoad, PageLoader } from '../lib/astro-page';
import { sessionCookieName } from '../lib/account/cookie';
import { accountView } from './account-view';
import { callbackPageView } from './callback-page';
import { contactPageView } from './contact-page';
import { faqSearchView } from './faq-page';
import { formTwinPath } from '../lib/form-answer';
import { jobSheetView, type JobSheetPageRequest } from './job-sheet-view';
import { movePageView } from './move-view';
import { paymentView } from './payment-view';
import type { QuotePageRequest } from './quote-confirmation';
import { quoteFormView } from './quote-form';
import type { StaffPageRequest } from './quote-staff';
import { staffView } from './staff-view';
import { officePageLoaders } from './office-page-loaders';

/** What a route must hand a page that cannot be shown without it: reached any other way, the page fails loudly. */
export function handedBy<Handed>({ handed, url }: PageLoad, route: string): Handed {
  if (handed === undefined) throw new Error(`${url.pathname} is rendered only through ${route}, which hands it what it shows`);
  return handed as Handed;
}

/** As Astro.redirect(path, 303) answered it. */
const redirectTo = (path: string) => new Response(null, { status: 303, headers: { Location: path } });

const cookieOf = (request: Request, name: string): string | undefined => {
  for (const part of (request.headers.get('Cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
};

/** /account and its "Delete my data" question: a signed-in customer's moves; anyone else goes to /login. */
async function accountPage({ env, now, request, url }: PageLoad) {
  const view = await accountView(env, cookieOf(request, sessionCookieName(url.href)), now);
  return view ?? redirectTo(ACCOUNT_PATHS.login);
}

export const PAGE_LOADERS: Readonly<Record<string, PageLoader>> = {
  [ACCOUNT_PATHS.account]: accountPage,
  [ACCOUNT_PATHS.deleteData]: accountPage,
  [formTwinPath(PAGE_PATHS.contact)]: (load) => contactPageView(load, load.url),
  [formTwinPath(PAGE_PATHS.callback)]: (load) => callbackPageView(load, load.url),
  [formTwinPath(PAGE_PATHS.faq)]: ({ url }) => faqSearchView(url),
  [formTwinPath(PAGE_PATHS.quote)]: (load) => quoteFormView(load, load.request),
  [PAGE_PATHS.confirmation]: async (load) => {
    const { opened, state } = handedBy<QuotePageRequest>(load, 'functions/pages/quote-confirmation.ts');
    const [view, payments] = await Promise.all([
      movePageView(load.env.DB, opened, load.now, state),
      paymentView(load.env.DB, opened.quote, state.payment ?? null),
    ]);
    return { view, payments };
  },
  [PAGE_PATHS.staff]: (load) => {
    const { link, state } = handedBy<StaffPageRequest>(load, 'functions/pages/quote-staff.ts');
    return staffView(load.env.DB, link, state);
  },
  [OFFICE_PATHS.jobSheet]: async (load) => {
    const view = await jobSheetView(load.env.DB, handedBy<JobSheetPageRequest>(load, 'functions/office/job-sheets.ts'), load.now);
    if (!view) throw new Error('The job sheet route opened a move that is not booked');
    return view;
  },
  ...officePageLoaders,
};
