/**
 * The partner's own page (issue 43 items 2 and 3): /partner for a signed-in partner (their phone, areas and van, and the
 * days they can work, each as a plain form), and sign-out. Each post is rate-limited and audited.
 */
import type { Context } from 'hono';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import { londonToday } from '~/lib/dates';
import {
  APPLY_MESSAGES,
  DETAILS_FIELDS,
  DOCUMENT_MAX_BYTES,
  documentType,
  PARTNER_PATHS,
  readDetails,
  readNewDocument,
  readWorkDays,
} from '~/lib/partners/apply';
import { formRoute, type LeadEnv } from '../lib/pipeline';
import { astroPageAt } from '../lib/astro-page';
import { requestNow } from '../lib/clock';
import { REFUSALS, refusalJson, seeOther, type Refusal } from '../lib/http';
import { auditStatement } from '../lib/office/audit';
import { addDocument, setDetails, setWorkDays } from '../lib/partners/applications';
import { acceptOffer, declineOffer, giveBack, ownJob, toldCrew } from '../lib/partners/offers';
import { jobSheetUrl, newSheetToken } from '../lib/office/job-sheets';
import { detailsVisible, GIVE_BACK_REASON_MAX, OFFER_MESSAGES, OFFER_PATHS, readCrewAnswer } from '~/lib/partners/offers';
import { arrivalWindows } from '../lib/office/settings';
import { partnerLimit, partnerOnly, partnerRefusal, type PartnerBindings } from '../lib/partners/gate';
import type { WorkerRoutes } from '../lib/routes';
import { signOut } from '../lib/sessions';
import { partnerPayoutRoutes } from './payouts';

const MAX_PARTNER_FORM = 2 * 1024;
/** Enough for 40 districts: a refused form's answers are given back on the page at most this long. */
const MAX_DETAIL_TEXT = 400;
export const DAYS_MESSAGE = 'Please tick the days from the list.';

export const DETAILS_STALE = 'Your details changed in another window meanwhile: check them below and save again.';

/** The page again with each message by its field; `values` are a refused details form's answers, given back to correct. */
const refusedPage = <E extends PartnerBindings>(
  c: Context<E>,
  status: number,
  errors: Record<string, string>,
  values?: Record<string, string>,
) => astroPageAt(c, PARTNER_PATHS.home, { errors, values }, { status, headers: ACCOUNT_PAGE });

/** A partner's plain form (small, a form, from this site, within the partner's rate limit): refused, the error shape. */
const PARTNER_FORM = { maxBytes: MAX_PARTNER_FORM, limit: partnerLimit };

async function postDays(c: Context<PartnerBindings>, form: URLSearchParams): Promise<Response> {
  const { partner } = c.var;
  const days = readWorkDays(form.getAll('days'));
  if (!days) return refusedPage(c, 400, { days: DAYS_MESSAGE });
  await setWorkDays(c.env.DB, partner, days, requestNow(c));
  return seeOther(`${PARTNER_PATHS.home}?done=days`);
}

/** Phone, districts and van (issue 43 item 3), checked by the application's own rules; a new van gives the office a task. */
async function postDetails(c: Context<PartnerBindings>, form: URLSearchParams): Promise<Response> {
  const { partner } = c.var;
  const values = Object.fromEntries(DETAILS_FIELDS.map((name) => [name, form.get(name) ?? '']));
  const read = readDetails(values);
  if ('errors' in read) {
    const given = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.slice(0, MAX_DETAIL_TEXT)]));
    return refusedPage(c, 400, read.errors, given);
  }
  const saved = await setDetails(c.env.DB, partner, read.details, requestNow(c));
  if (saved === 'stale') return refusedPage(c, 409, { details: DETAILS_STALE });
  return seeOther(`${PARTNER_PATHS.home}?done=details`);
}

/** A new document's post refused by the pipeline: too large, the page with the message by the file; else the error shape. */
const documentRefusal = (c: Context<PartnerBindings>, refusal: Refusal) =>
  refusal.status === 413 ? refusedPage(c, 413, { document: APPLY_MESSAGES.fileSize }) : refusalJson(c, refusal);

/** A new document, as the application's: one file within its limit, a PDF or picture by its bytes. */
async function postDocument(c: Context<PartnerBindings>, form: FormData): Promise<Response> {
  const { partner } = c.var;
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const now = requestNow(c);
  const read = readNewDocument(text('document_kind'), text('document_expires'), londonToday(now));
  if ('errors' in read) return refusedPage(c, 400, read.errors);
  const file = form.get('document');
  if (!file || typeof file === 'string' || file.size === 0) return refusedPage(c, 400, { document: APPLY_MESSAGES.file });
  if (file.size > DOCUMENT_MAX_BYTES) return refusedPage(c, 400, { document: APPLY_MESSAGES.fileSize });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const fileType = documentType(bytes);
  if (!fileType) return refusedPage(c, 400, { document: APPLY_MESSAGES.fileType });
  await addDocument(c.env, partner, { kind: read.kind, bytes, type: fileType }, read.expiresOn, now);
  return seeOther(`${PARTNER_PATHS.home}?done=document`);
}

const idOf = (text: string | null) => {
  const id = Number(text ?? '');
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Accept or Decline an offer: the first to accept gets the job; a later one's page says it was taken. */
async function postOffer(c: Context<PartnerBindings>, form: URLSearchParams): Promise<Response> {
  const { partner } = c.var;
  const id = idOf(form.get('offer'));
  const now = requestNow(c);
  if (id === null) return refusedPage(c, 404, { offer: OFFER_MESSAGES.gone });
  if (form.get('answer') === 'decline') {
    return (await declineOffer(c.env.DB, partner, id, now))
      ? seeOther(`${PARTNER_PATHS.home}?done=declined`)
      : refusedPage(c, 409, { offer: OFFER_MESSAGES.gone });
  }
  // The window and crew the customer was told stand; else the partner says them.
  const told = await toldCrew(c.env.DB, id);
  const crew = told
    ? { ok: true as const, ...told }
    : readCrewAnswer(form.get('window'), form.get('crewSize'), await arrivalWindows(c.env.DB));
  if (!crew.ok) return refusedPage(c, 400, { [`${crew.field}-${id}`]: OFFER_MESSAGES[crew.field] });
  const answer = await acceptOffer(c.env, partner, id, { window: crew.window, size: crew.size }, now);
  if (answer === 'accepted') return seeOther(`${PARTNER_PATHS.home}?done=accepted`);
  // Their own move is refused as forbidden to them; the others are conflicts with the offer's state.
  return refusedPage(c, answer === 'ownMove' ? 403 : 409, { offer: OFFER_MESSAGES[answer] });
}

/** Gives a job back with a reason (issue 43 item 6). */
async function postGiveBack(c: Context<PartnerBindings>, form: URLSearchParams): Promise<Response> {
  const { partner } = c.var;
  const id = idOf(form.get('job'));
  const job = id === null ? null : await ownJob(c.env.DB, partner, id);
  if (!job) return refusedPage(c, 404, { job: OFFER_MESSAGES.gone });
  const reason = (form.get('reason') ?? '').trim();
  if (!reason) return refusedPage(c, 400, { [`reason-${job.id}`]: OFFER_MESSAGES.reason });
  if (reason.length > GIVE_BACK_REASON_MAX) return refusedPage(c, 400, { [`reason-${job.id}`]: OFFER_MESSAGES.reasonTooLong });
  const given = await giveBack(c.env.DB, partner, job, reason, requestNow(c));
  return given ? seeOther(`${PARTNER_PATHS.home}?done=given_back`) : refusedPage(c, 409, { job: OFFER_MESSAGES.gone });
}

/**
 * Opens the crews' own job sheet for one of the partner's jobs: a new sheet link (any earlier one stops working, as when
 * the office makes one), audited, and the partner is sent to it. The sheet works until the end of the day after the move.
 */
async function postJobSheet(c: Context<PartnerBindings>, form: URLSearchParams): Promise<Response> {
  const { partner } = c.var;
  const id = idOf(form.get('job'));
  const job = id === null ? null : await ownJob(c.env.DB, partner, id);
  const now = requestNow(c);
  if (!job || !detailsVisible(job.moveDate, now)) return refusedPage(c, 404, { job: OFFER_MESSAGES.gone });
  const { token, revoke, insert } = await newSheetToken(c.env.DB, job.reference, job.moveDate, now);
  await c.env.DB.batch([
    revoke,
    insert,
    auditStatement(
      c.env.DB,
      {
        actor: partner.email,
        action: 'partner_job_sheet',
        reference: job.reference,
        detail: `Partner ${partner.name} opened the job sheet`,
      },
      now,
    ),
  ]);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(jobSheetUrl('', token), 303);
}

/**
 * Sign out of this device, or everywhere (every partner session of this address, on every device); a customer's session
 * of the same address, in the same browser or any other, is another role's and stays (functions/lib/sessions.ts).
 */
const partnerSignOut =
  (everywhere: boolean) =>
  async (c: Context<PartnerBindings>): Promise<Response> => {
    const { partner } = c.var;
    const line = {
      actor: partner.email,
      action: everywhere ? 'partner_signed_out_everywhere' : 'partner_signed_out',
      reference: partner.reference,
      detail: everywhere ? 'Signed out of the partner page on every device' : 'Signed out of the partner page',
    };
    return signOut(c, everywhere, [auditStatement(c.env.DB, line, requestNow(c))]);
  };

export function partnerRoutes(routes: WorkerRoutes<LeadEnv>): void {
  routes.page(PARTNER_PATHS.home, partnerOnly);
  routes.post(`${PARTNER_PATHS.home}/days`, partnerOnly, ...formRoute(PARTNER_FORM, postDays)).renders(PARTNER_PATHS.home);
  routes.post(`${PARTNER_PATHS.home}/details`, partnerOnly, ...formRoute(PARTNER_FORM, postDetails)).renders(PARTNER_PATHS.home);
  // Multipart from this site, one document and its form, in the partner's bucket.
  const documentForm = { maxBytes: DOCUMENT_MAX_BYTES + 16 * 1024, multipart: true, limit: partnerLimit, page: documentRefusal } as const;
  routes.post(`${PARTNER_PATHS.home}/document`, partnerOnly, ...formRoute(documentForm, postDocument)).renders(PARTNER_PATHS.home);
  // A refused sign-out says nothing of the page: the 404 every other address gives.
  const signOutForm = {
    maxBytes: MAX_PARTNER_FORM,
    limit: partnerLimit,
    page: (c: Context<PartnerBindings>) => partnerRefusal(c, 'not-found'),
  };
  routes.post(`${PARTNER_PATHS.home}/sign-out`, partnerOnly, ...formRoute(signOutForm, partnerSignOut(false)));
  routes.post(`${PARTNER_PATHS.home}/sign-out-everywhere`, partnerOnly, ...formRoute(signOutForm, partnerSignOut(true)));
  routes.post(OFFER_PATHS.answer, partnerOnly, ...formRoute(PARTNER_FORM, postOffer)).renders(PARTNER_PATHS.home);
  routes.post(OFFER_PATHS.giveBack, partnerOnly, ...formRoute(PARTNER_FORM, postGiveBack)).renders(PARTNER_PATHS.home);
  routes.post(OFFER_PATHS.sheet, partnerOnly, ...formRoute(PARTNER_FORM, postJobSheet)).renders(PARTNER_PATHS.home);
  for (const path of ['days', 'details', 'document', 'sign-out', 'sign-out-everywhere', 'offer', 'give-back', 'job-sheet'])
    routes.all(`${PARTNER_PATHS.home}/${path}`, (c) => refusalJson(c, REFUSALS.postOnly));
  partnerPayoutRoutes(routes);
}
