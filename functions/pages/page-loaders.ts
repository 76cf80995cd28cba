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
import { movePageView, quotePageHref } from './move-view';
import { documentView } from './document-view';
import { findDocument } from '../lib/documents';
import { MOVE_DOCUMENT_PATH } from '~/lib/documents';
import type { MoveDocumentRequest } from '~/lib/views/document';
import { paymentView } from './payment-view';
import type { QuotePageRequest } from './quote-confirmation';
import { quoteFormView } from './quote-form';
import type { StaffPageRequest } from './quote-staff';
import { staffView } from './staff-view';
import { officePageLoaders } from './office-page-loaders';
import { PARTNER_PATHS } from '~/lib/partners/apply';
import type { ApplyPageView, PartnerHomeView } from '~/lib/views/partners';
import { readSession } from '../lib/sessions';
import { documentsOf, partnerByEmail } from '../lib/partners/read';
import { jobsFor, offersFor } from '../lib/partners/offers';
import { earningsOf } from '../lib/partners/payouts';
import { arrivalWindows } from '../lib/office/settings';

/** What a route must hand a page that cannot be shown without it: reached any other way, the page fails loudly. */
export function handedBy<Handed>({ handed, url }: PageLoad, route: string): Handed {
  if (handed === undefined) throw new Error(`${url.pathname} is rendered only through ${route}, which hands it what it shows`);
  return handed as Handed;
}

const PARTNER_DONE_KEYS = ['days', 'details', 'document', 'accepted', 'declined', 'taken', 'given_back'] as const;
const doneOf = (done: string | null) => PARTNER_DONE_KEYS.find((key) => key === done) ?? null;

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
  [MOVE_DOCUMENT_PATH]: async (load) => {
    const { reference, token, number } = handedBy<MoveDocumentRequest>(load, 'functions/pages/move-document.ts');
    const found = await findDocument(load.env.DB, number);
    if (!found || found.reference !== reference) throw new Error('The document route opened a document of another move');
    return documentView(found, { href: quotePageHref(reference, token), label: `Back to your move ${reference}` });
  },
  // Blank, or a refused post's state (functions/pages/partner-apply.ts), or sent.
  [PARTNER_PATHS.apply]: ({ handed, url }): ApplyPageView =>
    (handed as ApplyPageView | undefined) ?? { values: {}, errors: {}, sent: url.searchParams.get('sent') === '1' },
  // The route's partnerOnly let them in; asked again, so the page is shut however it is reached.
  [PARTNER_PATHS.home]: async ({ env, now, request, url, handed }): Promise<PartnerHomeView | Response> => {
    const session = await readSession(env.DB, request, 'partner', now);
    const partner = session && (await partnerByEmail(env.DB, session.email));
    if (!partner) return redirectTo(ACCOUNT_PATHS.login);
    const documents = (await documentsOf(env.DB, partner.reference)).map(({ r2Key: _key, reference: _ref, ...document }) => document);
    const refused = handed as { errors?: Record<string, string>; values?: Record<string, string> } | undefined;
    const errors = refused?.errors ?? {};
    const [offers, jobs, earnings, windows] = await Promise.all([
      offersFor(env.DB, partner, now),
      jobsFor(env.DB, partner, now),
      earningsOf(env.DB, partner.reference),
      arrivalWindows(env.DB),
    ]);
    const values = refused?.values ?? {};
    return {
      partner,
      documents,
      offers,
      jobs,
      windows,
      earnings,
      errors,
      values,
      done: handed ? null : doneOf(url.searchParams.get('done')),
    };
  },
  ...officePageLoaders,
};
