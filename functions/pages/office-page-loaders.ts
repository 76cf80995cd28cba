/**
 * The office's on-demand pages' loaders (page-loaders.ts). Each route is behind `staffOnly` (functions/lib/office/gate.ts);
 * each loader asks the gate again, so a page reached any other way is still shut, answered as it always was.
 */
import { ACCOUNT_PATHS } from '~/lib/account';
import { isHandKind } from '~/lib/office/lead-entry';
import { leadDoneNotice } from '~/lib/office/leads';
import { leadPath, OFFICE_PATHS, writtenQuotePath } from '~/lib/office/paths';
import { documentName, OFFICE_DOCUMENT_PATH, officeDocumentHref } from '~/lib/documents';
import { formatLongDate, londonToday } from '~/lib/dates';
import { readPeriod, REPORTS_PATH } from '~/lib/office/reports';
import type { ReportsPageState, ReportsView } from '~/lib/views/reports';
import { isReference } from '~/lib/reference';
import type { RemovalQuestion } from '~/lib/office/confirm-removal';
import type { DiaryPageState } from '~/lib/views/diary';
import type { JobSheetEmailAnswer } from '~/lib/views/job-sheet';
import type { LeadFormState, NewLeadState } from '~/lib/views/lead-entry';
import type { LeadFormAnswer, LeadPageView, LeadSections, StaffMember, StaffPageView, LeadSummary } from '~/lib/views/office';
import type { SettingsPageState } from '~/lib/views/settings';
import type { WrittenQuoteFormState } from '~/lib/views/written-quote';
import type { PageLoad, PageLoader } from '../lib/astro-page';
import { findCallback } from '../lib/callback';
import { diarySection } from '../lib/office/diary-section';
import { diaryStart, diaryView } from '../lib/office/diary-view';
import { officeAccess } from '../lib/office/gate';
import { currentValues, editTarget } from '../lib/office/lead-edit';
import { requestValues } from '../lib/office/lead-move';
import { findLead } from '../lib/office/leads';
import { currentStaff } from '../lib/office/staff';
import { writtenQuoteVersions } from '../lib/office/written-quote-rows';
import { paymentLedger } from '../lib/payments/ledger';
import { notFoundPage } from '../lib/prebuilt-page';
import { findQuote } from '../lib/quote/store';
import { randomViewToken } from '../lib/view-token';
import { claimsSectionData } from './claims-view';
import { jobSheetSectionData } from './job-sheet-view';
import { offersSectionData, partnerRecords } from '../lib/partners/offers';
import { NO_RECORD } from '~/lib/partners/offers';
import { blankValues, editLayout, entryFormView, moveLayout, newLeadLayout } from './lead-entry-view';
import { leadView } from './office-lead-view';
import { officeHomeView } from './office-leads-view';
import { settingsView } from './settings-view';
import { reportsView } from './reports-view';
import { ledgerView } from './ledger-view';
import { LEDGER_CHECK, LEDGER_PATH, readGroup } from '~/lib/office/accounts-ledger';
import type { LedgerPageState, LedgerView } from '~/lib/views/ledger';
import { documentView } from './document-view';
import { documentsFor, findDocument } from '../lib/documents';
import { versionViews, writtenQuoteFormView } from './written-quote-view';
import { PARTNER_PATHS } from '~/lib/partners/apply';
import type { DecisionState, PartnerApplicationPageView } from '~/lib/views/partners';
import { documentsOf, findApplication, listApplications } from '../lib/partners/read';
import { earningsOf } from '../lib/partners/payouts';

/** How a page answers someone the gate does not let in: it fails loudly, or it is the sign-in page or the 404. */
type Shut = 'throw' | 'sign-in' | 'sign-in-here' | 'not-found';

const noLead = (load: PageLoad) => notFoundPage(load.env, load.request.url, { 'Cache-Control': 'no-store' });

async function gate(load: PageLoad, shut: 'throw'): Promise<StaffMember>;
async function gate(load: PageLoad, shut: Shut): Promise<StaffMember | Response>;
async function gate(load: PageLoad, shut: Shut): Promise<StaffMember | Response> {
  const access = await officeAccess(load.env, load.request, load.now);
  if ('staff' in access) return access.staff;
  if (shut === 'throw') throw new Error(`${load.url.pathname} is reached through the office's gate (functions/lib/office/gate.ts) only`);
  // As the pages answered: Astro.redirect (a path), or Response.redirect (a whole address).
  if (shut === 'sign-in') return new Response(null, { status: 303, headers: { Location: ACCOUNT_PATHS.login } });
  if (shut === 'sign-in-here') return Response.redirect(new URL(ACCOUNT_PATHS.login, load.url).href, 303);
  return new Response(null, { status: 404 });
}

/** The sections of a quote's lead page, each as its component shows it. */
async function leadSections(load: PageLoad, reference: string): Promise<LeadSections> {
  const { env, now } = load;
  const [quote, versions, payments, diary, jobSheet, documents, claims] = await Promise.all([
    findQuote(env.DB, { reference }),
    writtenQuoteVersions(env.DB, reference),
    paymentLedger(env.DB, reference),
    diarySection(env.DB, reference),
    jobSheetSectionData(env.DB, reference, now, undefined),
    documentsFor(env.DB, reference),
    claimsSectionData(env.DB, reference),
  ]);
  return {
    documents: documents.map((doc) => ({
      title: documentName(doc.kind, doc.number),
      date: formatLongDate(doc.body.issuedOn),
      href: officeDocumentHref(doc.number),
    })),
    addresses: quote && { fromPostcode: quote.fromPostcode, toPostcode: quote.toPostcode, addresses: quote.addresses },
    versions: versionViews(versions),
    payments,
    diary,
    jobSheet,
    claims,
    partners: quote && (await offersSectionData(env.DB, quote)),
  };
}

/** A page with a form about one lead: its reference from a refused post, else `?ref=`. */
async function openLeadForm(
  load: PageLoad,
): Promise<{ staff: StaffMember; lead: LeadSummary; state: LeadFormState | undefined } | Response> {
  const staff = await gate(load, 'sign-in-here');
  if (staff instanceof Response) return staff;
  const state = load.handed as LeadFormState | undefined;
  const lead = await findLead(load.env.DB, state?.reference ?? load.url.searchParams.get('ref') ?? '');
  if (!lead) return noLead(load);
  return { staff, lead, state };
}

export const officePageLoaders: Readonly<Record<string, PageLoader>> = {
  [OFFICE_PATHS.home]: async (load) => {
    const staff = await gate(load, 'throw');
    const view = await officeHomeView(load.env, load.url.searchParams, load.now);
    return { staff, view, done: leadDoneNotice(load.url.searchParams.get('done')) };
  },
  [OFFICE_PATHS.lead]: async (load): Promise<LeadPageView | Response> => {
    const staff = await gate(load, 'throw');
    const view = await leadView(load.env, load.url.searchParams.get('ref') ?? '', load.now);
    if (!view) return noLead(load);
    const answer = load.handed as LeadFormAnswer | undefined;
    const done = answer ? undefined : leadDoneNotice(load.url.searchParams.get('done'));
    const sections = view.lead.type === 'quote' ? await leadSections(load, view.lead.reference) : null;
    return { staff, view, answer, done, sections };
  },
  [OFFICE_PATHS.diary]: async (load) => {
    const staff = await gate(load, 'throw');
    const query = load.url.searchParams;
    const state = load.handed as DiaryPageState | undefined;
    const view = await diaryView(load.env.DB, diaryStart(query.get('from'), load.now), query.get('done'), load.now);
    /** A move being held or booked: its form, above the week of its move date. */
    const moveRef = isReference(query.get('ref') ?? '') ? query.get('ref') : null;
    const move = moveRef ? { reference: moveRef, data: await diarySection(load.env.DB, moveRef) } : null;
    return { staff, view, state, move };
  },
  [OFFICE_PATHS.jobSheetLink]: async (load) => {
    const staff = await gate(load, 'throw');
    const handed = load.handed as JobSheetEmailAnswer | undefined;
    if (!handed) throw new Error('This page answers the job sheet link post in functions/office/job-sheets.ts only');
    const { reference } = handed.jobSheetLink;
    return { staff, reference, section: await jobSheetSectionData(load.env.DB, reference, load.now, handed) };
  },
  [OFFICE_PATHS.confirmRemoval]: async (load) => {
    const staff = await gate(load, 'throw');
    const question = load.handed as RemovalQuestion | undefined;
    if (!question) throw new Error('This page answers a remove post in functions/office/ only');
    return { staff, question };
  },
  [OFFICE_PATHS.newLead]: async (load) => {
    const staff = await gate(load, 'sign-in');
    if (staff instanceof Response) return staff;
    const state = load.handed as NewLeadState | undefined;
    const asked = state?.kind ?? load.url.searchParams.get('kind');
    const kind = isHandKind(asked) ? asked : null;
    // The form's own key: the same form posted twice adds one lead (functions/lib/office/lead-entry.ts).
    const entryKey = state?.entryKey ?? randomViewToken();
    const view = kind ? entryFormView(newLeadLayout(kind), state?.values ?? blankValues(kind), state?.errors ?? {}, load.now) : null;
    return { staff, kind, view, entryKey, estimate: state?.estimate ?? null };
  },
  [OFFICE_PATHS.editLead]: async (load) => {
    const opened = await openLeadForm(load);
    if (opened instanceof Response) return opened;
    const { staff, lead, state } = opened;
    const target = await editTarget(load.env.DB, lead);
    if (!target) return noLead(load);
    const view = entryFormView(editLayout(target.shape), state?.values ?? currentValues(target), state?.errors ?? {}, load.now);
    const booked = target.type === 'quote' && target.quote.status === 'booked';
    return { staff, lead, view, type: target.type, shape: target.shape, booked };
  },
  [OFFICE_PATHS.leadMove]: async (load) => {
    const opened = await openLeadForm(load);
    if (opened instanceof Response) return opened;
    const { staff, lead, state } = opened;
    if (lead.type === 'quote') return new Response(null, { status: 303, headers: { Location: writtenQuotePath(lead.reference) } });
    const row = await findCallback(load.env.DB, lead.reference);
    const kind = row?.survey ? 'survey' : row?.car ? 'car' : null;
    if (!row || !kind) return noLead(load);
    const view = entryFormView(moveLayout(kind), state?.values ?? requestValues(row), state?.errors ?? {}, load.now);
    return { staff, lead, view, kind };
  },
  [OFFICE_DOCUMENT_PATH]: async (load) => {
    const staff = await gate(load, 'sign-in');
    if (staff instanceof Response) return staff;
    const number = Number(load.url.searchParams.get('n'));
    const found = Number.isSafeInteger(number) && number > 0 ? await findDocument(load.env.DB, number) : null;
    if (!found) return noLead(load);
    return documentView(found, { href: leadPath(found.reference), label: `Back to lead ${found.reference}` });
  },
  [REPORTS_PATH]: async (load) => {
    const staff = await gate(load, 'not-found');
    if (staff instanceof Response || !staff.money) return new Response(null, { status: 404 });
    const refused = load.handed as ReportsPageState | undefined;
    if (refused) return { staff, view: { ...refused, period: null, charts: [], figures: [] } satisfies ReportsView };
    const read = readPeriod(load.url.searchParams, londonToday(load.now));
    if ('errors' in read) throw new Error('functions/office/reports.ts answers a period that is not one');
    return { staff, view: await reportsView(load.env.DB, read.period) };
  },
  [LEDGER_PATH]: async (load) => {
    const staff = await gate(load, 'not-found');
    if (staff instanceof Response || !staff.money) return new Response(null, { status: 404 });
    const handed = load.handed as LedgerPageState | undefined;
    if (handed && 'errors' in handed) {
      const view: LedgerView = {
        ...handed,
        period: null,
        group: readGroup(load.url.searchParams.get('group')),
        months: [],
        total: null,
        lines: [],
        more: 0,
        csvHref: '',
        checkHref: '',
        check: null,
      };
      return { staff, view };
    }
    const group = readGroup(load.url.searchParams.get('group'));
    if (handed) return { staff, view: await ledgerView(load.env, handed.period, 'limited', group) };
    const read = readPeriod(load.url.searchParams, londonToday(load.now));
    if ('errors' in read) throw new Error('functions/office/ledger.ts answers a period that is not one');
    return { staff, view: await ledgerView(load.env, read.period, load.url.searchParams.get('check') === LEDGER_CHECK, group) };
  },
  [OFFICE_PATHS.settings]: async (load) => {
    const staff = await gate(load, 'not-found');
    if (staff instanceof Response || staff.role !== 'owner') return new Response(null, { status: 404 });
    const view = await settingsView(load.env, load.handed as SettingsPageState | undefined, load.url.searchParams.get('done'));
    return { staff, view };
  },
  [OFFICE_PATHS.staff]: async (load) => {
    const staff = await gate(load, 'not-found');
    if (staff instanceof Response) return staff;
    return { staff, members: await currentStaff(load.env.DB), view: (load.handed as StaffPageView | undefined) ?? {} };
  },
  [PARTNER_PATHS.office]: async (load) => {
    const staff = await gate(load, 'throw');
    const [partners, records] = await Promise.all([listApplications(load.env.DB), partnerRecords(load.env.DB)]);
    return { staff, partners, records: Object.fromEntries(records) };
  },
  [PARTNER_PATHS.application]: async (load) => {
    const staff = await gate(load, 'throw');
    const state = load.handed as DecisionState | undefined;
    const reference = state?.reference ?? load.url.searchParams.get('ref') ?? '';
    const partner = await findApplication(load.env.DB, reference);
    if (!partner) return noLead(load);
    const asked = load.url.searchParams.get('done');
    const done = !state && (asked === 'approved' || asked === 'refused') ? asked : null;
    const documents = (await documentsOf(load.env.DB, reference)).map(({ r2Key: _key, reference: _ref, ...document }) => document);
    const known = partner.status !== 'applied' && partner.status !== 'refused';
    const [earnings, records] = await Promise.all([earningsOf(load.env.DB, reference), known ? partnerRecords(load.env.DB) : null]);
    const record = records ? (records.get(reference) ?? NO_RECORD) : null;
    const view: PartnerApplicationPageView = { partner, documents, state, done, earnings, record };
    return { staff, view };
  },
  [OFFICE_PATHS.writtenQuote]: async (load) => {
    // The route's staffOnly already answered anyone else; this keeps the page shut if it is ever reached another way.
    const staff = await gate(load, 'sign-in');
    if (staff instanceof Response) return staff;
    const state = load.handed as WrittenQuoteFormState | undefined;
    const query = load.url.searchParams;
    const view = await writtenQuoteFormView(load.env.DB, state?.reference ?? query.get('ref'), load.now, state, query.get('done'));
    return { staff, view };
  },
};
