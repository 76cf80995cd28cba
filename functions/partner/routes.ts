/**
 * The partner's own page (issue 43 items 2 and 3): /partner for a signed-in partner (their phone, areas and van, and the
 * days they can work, each as a plain form), and sign-out. Each post is rate-limited and audited.
 */
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import { londonToday } from '~/lib/dates';
import {
  APPLY_MESSAGES,
  DAYS_MESSAGE,
  DETAILS_FIELDS,
  detailsSchema,
  DOCUMENT_MAX_BYTES,
  documentType,
  PARTNER_PATHS,
  readNewDocument,
  workDaysSchema,
  type PartnerDetails,
} from '~/lib/partners/apply';
import { formRoute, type LeadEnv } from '../lib/pipeline';
import { astroPageAt } from '../lib/astro-page';
import { requestNow } from '../lib/clock';
import { REFUSALS, refusalJson, seeOther, type Refusal } from '../lib/http';
import { auditStatement } from '../lib/office/audit';
import { addDocument, setDetails, setWorkDays } from '../lib/partners/applications';
import { acceptOffer, declineOffer, giveBack, ownJob, toldCrew } from '../lib/partners/offers';
import { jobSheetUrl, newSheetToken } from '../lib/office/job-sheets';
import {
  detailsVisible,
  giveBackSchema,
  jobSheetSchema,
  OFFER_MESSAGES,
  OFFER_PATHS,
  offerAnswerSchema,
  readCrewAnswer,
  type GiveBackForm,
  type OfferAnswerForm,
} from '~/lib/partners/offers';
import { arrivalWindows } from '../lib/office/settings';
import { partnerLimit, partnerOnly, partnerRefusal, type PartnerBindings } from '../lib/partners/gate';
import type { WorkerRoutes } from '../lib/routes';
import { signOut } from '../lib/sessions';
import { partnerPayoutRoutes } from './payouts';

const MAX_PARTNER_FORM = 2 * 1024;
/** Enough for 40 districts: a refused form's answers are given back on the page at most this long. */
const MAX_DETAIL_TEXT = 400;
export { DAYS_MESSAGE };

export const DETAILS_STALE = 'Your details changed in another window meanwhile: check them below and save again.';

/** The page again with each message by its field; `values` are a refused details form's answers, given back to correct. */
const refusedPage = <E extends PartnerBindings>(
  c: Context<E>,
  status: number,
  errors: Record<string, string>,
  values?: Record<string, string>,
) => astroPageAt(c, PARTNER_PATHS.home, { errors, values }, { status, headers: ACCOUNT_PAGE });

/** A partner's plain form (small, a form, from this site, within the partner's rate limit). */
const PARTNER_FORM = { maxBytes: MAX_PARTNER_FORM, limit: partnerLimit };

type PartnerContext = Context<PartnerBindings>;

/**
 * A partner's form refused by its schema: the page again with each message by its field (`page`); any other refusal
 * (too large, too many, from elsewhere) only a crafted post meets, the error shape.
 */
const partnerForm = <S extends z.ZodMiniType>(
  schema: S,
  page: (c: PartnerContext, fields: Record<string, string>, typed: URLSearchParams) => Response | Promise<Response>,
) => ({
  ...PARTNER_FORM,
  schema,
  page: (c: PartnerContext, refusal: Refusal, typed: URLSearchParams) =>
    refusal.error.fields ? page(c, refusal.error.fields, typed) : refusalJson(c, refusal),
});

async function postDays(c: PartnerContext, { days }: z.output<typeof workDaysSchema>): Promise<Response> {
  const { partner } = c.var;
  await setWorkDays(c.env.DB, partner, days, requestNow(c));
  return seeOther(`${PARTNER_PATHS.home}?done=days`);
}

/** Phone, districts and van (issue 43 item 3), checked by the application's own rules; a new van gives the office a task. */
async function postDetails(c: PartnerContext, details: PartnerDetails): Promise<Response> {
  const { partner } = c.var;
  const saved = await setDetails(c.env.DB, partner, details, requestNow(c));
  if (saved === 'stale') return refusedPage(c, 409, { details: DETAILS_STALE });
  return seeOther(`${PARTNER_PATHS.home}?done=details`);
}

/** Refused details: the page with each message by its field, and the answers given back (each to MAX_DETAIL_TEXT). */
const detailsRefused = (c: PartnerContext, fields: Record<string, string>, typed: URLSearchParams) => {
  const given = Object.fromEntries(DETAILS_FIELDS.map((name) => [name, (typed.get(name) ?? '').slice(0, MAX_DETAIL_TEXT)]));
  return refusedPage(c, 400, fields, given);
};

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

/** An offer refused: not one, no longer open (404); a choice not from the list, its message by the offer's field. */
const offerRefused = (c: PartnerContext, fields: Record<string, string>, typed: URLSearchParams) => {
  if (fields.offer) return refusedPage(c, 404, { offer: OFFER_MESSAGES.gone });
  const id = typed.get('offer') ?? '';
  return refusedPage(c, 400, Object.fromEntries(Object.entries(fields).map(([field, message]) => [`${field}-${id}`, message])));
};

/** Accept or Decline an offer: the first to accept gets the job; a later one's page says it was taken. */
async function postOffer(c: PartnerContext, form: OfferAnswerForm): Promise<Response> {
  const { partner } = c.var;
  const id = form.offer;
  const now = requestNow(c);
  if (form.answer === 'decline') {
    return (await declineOffer(c.env.DB, partner, id, now))
      ? seeOther(`${PARTNER_PATHS.home}?done=declined`)
      : refusedPage(c, 409, { offer: OFFER_MESSAGES.gone });
  }
  // The window and crew the customer was told stand; else the partner says them.
  const told = await toldCrew(c.env.DB, id);
  const crew = told
    ? { ok: true as const, ...told }
    : readCrewAnswer(form.window ?? null, form.crewSize ?? null, await arrivalWindows(c.env.DB));
  if (!crew.ok) return refusedPage(c, 400, { [`${crew.field}-${id}`]: OFFER_MESSAGES[crew.field] });
  const answer = await acceptOffer(c.env, partner, id, { window: crew.window, size: crew.size }, now);
  if (answer === 'accepted') return seeOther(`${PARTNER_PATHS.home}?done=accepted`);
  // Their own move is refused as forbidden to them; the others are conflicts with the offer's state.
  return refusedPage(c, answer === 'ownMove' ? 403 : 409, { offer: OFFER_MESSAGES[answer] });
}

/** A job that is not one of theirs: the page saying it is no longer open (404). */
const jobGone = (c: PartnerContext) => refusedPage(c, 404, { job: OFFER_MESSAGES.gone });

/** A give-back refused: not their job, gone (404); else the reason's message by the job's reason box. */
async function giveBackRefused(c: PartnerContext, fields: Record<string, string>, typed: URLSearchParams) {
  const id = Number(typed.get('job'));
  const job = fields.job ? null : await ownJob(c.env.DB, c.var.partner, id);
  if (!job) return jobGone(c);
  return refusedPage(c, 400, { [`reason-${job.id}`]: fields.reason ?? OFFER_MESSAGES.reason });
}

/** Gives a job back with a reason (issue 43 item 6). */
async function postGiveBack(c: PartnerContext, form: GiveBackForm): Promise<Response> {
  const { partner } = c.var;
  const job = await ownJob(c.env.DB, partner, form.job);
  if (!job) return jobGone(c);
  const given = await giveBack(c.env.DB, partner, job, form.reason, requestNow(c));
  return given ? seeOther(`${PARTNER_PATHS.home}?done=given_back`) : refusedPage(c, 409, { job: OFFER_MESSAGES.gone });
}

/**
 * Opens the crews' own job sheet for one of the partner's jobs: a new sheet link (any earlier one stops working, as when
 * the office makes one), audited, and the partner is sent to it. The sheet works until the end of the day after the move.
 */
async function postJobSheet(c: PartnerContext, form: z.output<typeof jobSheetSchema>): Promise<Response> {
  const { partner } = c.var;
  const job = await ownJob(c.env.DB, partner, form.job);
  const now = requestNow(c);
  if (!job || !detailsVisible(job.moveDate, now)) return jobGone(c);
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
  routes
    .post(
      `${PARTNER_PATHS.home}/days`,
      partnerOnly,
      ...formRoute(
        partnerForm(workDaysSchema, (c) => refusedPage(c, 400, { days: DAYS_MESSAGE })),
        postDays,
      ),
    )
    .renders(PARTNER_PATHS.home);
  routes
    .post(`${PARTNER_PATHS.home}/details`, partnerOnly, ...formRoute(partnerForm(detailsSchema, detailsRefused), postDetails))
    .renders(PARTNER_PATHS.home);
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
  routes
    .post(OFFER_PATHS.answer, partnerOnly, ...formRoute(partnerForm(offerAnswerSchema, offerRefused), postOffer))
    .renders(PARTNER_PATHS.home);
  routes
    .post(OFFER_PATHS.giveBack, partnerOnly, ...formRoute(partnerForm(giveBackSchema, giveBackRefused), postGiveBack))
    .renders(PARTNER_PATHS.home);
  routes.post(OFFER_PATHS.sheet, partnerOnly, ...formRoute(partnerForm(jobSheetSchema, jobGone), postJobSheet)).renders(PARTNER_PATHS.home);
  for (const path of ['days', 'details', 'document', 'sign-out', 'sign-out-everywhere', 'offer', 'give-back', 'job-sheet'])
    routes.all(`${PARTNER_PATHS.home}/${path}`, (c) => refusalJson(c, REFUSALS.postOnly));
  partnerPayoutRoutes(routes);
}
