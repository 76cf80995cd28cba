/**
 * The office's partners area (issue 43 item 2): the applications, each with its documents (streamed from R2 to staff
 * only, never cached), and the decision, approve or refuse with a reason, e-mailed and audited. Behind `staffOnly`.
 */
import type { Context } from 'hono';
import { londonToday } from '~/lib/dates';
import { ACCOUNT_PAGE } from '~/lib/page-headers';
import {
  applicationPath,
  DECISION_MESSAGES,
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  lapsedKinds,
  PARTNER_PATHS,
  decisionSchema,
  type DecisionForm,
} from '~/lib/partners/apply';
import type { DecisionState } from '~/lib/views/partners';
import { astroPageAt } from '../lib/astro-page';
import { requestNow } from '../lib/clock';
import { formRoute } from '../lib/pipeline';
import { REFUSALS, refusalJson, seeOther, type Refusal } from '../lib/http';
import { auditStatement } from '../lib/office/audit';
import { staffOnly, type OfficeBindings, type OfficeRoutes, officeLimit } from '../lib/office/gate';
import { decideApplication, DOCUMENT_KEY_PATTERN } from '../lib/partners/applications';
import { documentsOf, findApplication, findDocument } from '../lib/partners/read';
import { eligiblePartners, livePartnerJob, offerMove, shareOf } from '../lib/partners/offers';
import { findQuote } from '../lib/quote/store';
import { leadPath } from '~/lib/office/paths';
import { OFFER_MESSAGES, OFFER_PATHS, officeOfferSchema, type OfficeOfferForm } from '~/lib/partners/offers';
import { notFoundPage } from '../lib/prebuilt-page';

const MAX_DECISION_BODY = 4 * 1024;

const refused = (c: Context<OfficeBindings>, status: number, state: DecisionState) =>
  astroPageAt(c, PARTNER_PATHS.application, state, { status, headers: ACCOUNT_PAGE });

/** A document, to staff only: a download (never shown inline on our origin), kept by no cache, its opening audited. */
async function serveDocument(c: Context<OfficeBindings>): Promise<Response> {
  const id = Number(c.req.query('id') ?? '');
  const row = Number.isSafeInteger(id) && id > 0 ? await findDocument(c.env.DB, id) : null;
  const file = row && DOCUMENT_KEY_PATTERN.test(row.r2Key) ? await c.env.PHOTOS.get(row.r2Key) : null;
  if (!row || !file) return notFoundPage(c.env, c.req.url, ACCOUNT_PAGE);
  const now = requestNow(c);
  const label = DOCUMENT_KINDS[row.kind].label;
  await auditStatement(
    c.env.DB,
    { actor: c.var.staff.email, action: 'partner_document_opened', reference: row.reference, detail: `Opened the ${label.toLowerCase()}` },
    now,
  ).run();
  return new Response(file.body, {
    headers: {
      'Content-Type': row.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename="${row.reference}-${row.kind}.${DOCUMENT_TYPES[row.contentType] ?? 'bin'}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
    },
  });
}

/** A decision refused: no such application, the 404; a reason missing or too long, its message by the field (400). */
async function decisionRefused(c: Context<OfficeBindings>, refusal: Refusal, typed: URLSearchParams): Promise<Response> {
  if (!refusal.error.fields) return refusalJson(c, refusal);
  const reference = typed.get('ref') ?? '';
  const partner = await findApplication(c.env.DB, reference);
  if (!partner) return notFoundPage(c.env, c.req.url, ACCOUNT_PAGE);
  const reason = (typed.get('reason') ?? '').trim();
  return refused(c, 400, { reference, reason, errors: { reason: refusal.error.fields.reason ?? DECISION_MESSAGES.reason } });
}

async function decide(c: Context<OfficeBindings>, { ref: reference, approve, reason }: DecisionForm): Promise<Response> {
  const { staff } = c.var;
  const partner = await findApplication(c.env.DB, reference);
  if (!partner) return notFoundPage(c.env, c.req.url, ACCOUNT_PAGE);
  // An approved partner's new document is approved the same way; refusing one is for the office to say by phone.
  const documents = await documentsOf(c.env.DB, reference);
  const renewal = partner.status === 'approved' && approve && documents.some((each) => each.status === 'pending');
  if (partner.status !== 'applied' && partner.status !== 'suspended' && !renewal)
    return refused(c, 409, { reference, errors: { form: DECISION_MESSAGES.decided } });
  const now = requestNow(c);
  if (approve) {
    const lapsed = lapsedKinds(documents, londonToday(now), ['pending', 'approved']);
    if (lapsed.length > 0)
      return refused(c, 409, { reference, errors: { form: DECISION_MESSAGES.lapsed(DOCUMENT_KINDS[lapsed[0]!].label) } });
  }
  const decided = await decideApplication(c.env, partner, approve ? { approve } : { approve, reason }, staff.email, now);
  if (!decided) return refused(c, 409, { reference, errors: { form: DECISION_MESSAGES.decided } });
  return seeOther(`${applicationPath(reference)}&done=${approve ? 'approved' : 'refused'}`);
}

/** An offer to partners refused: a move that is not one, the 404 every unknown office address gets; else the error shape. */
const offerRefused = (c: Context<OfficeBindings>, refusal: Refusal) =>
  refusal.error.fields ? notFoundPage(c.env, c.req.url, ACCOUNT_PAGE) : refusalJson(c, refusal);

/** "Offer to partners" on a booked move's lead page: to one partner who fits, or to all of them, each offer audited. */
async function offer(c: Context<OfficeBindings>, { ref: reference, partner: to }: OfficeOfferForm): Promise<Response> {
  const { staff } = c.var;
  const quote = await findQuote(c.env.DB, { reference });
  if (!quote) return notFoundPage(c.env, c.req.url, ACCOUNT_PAGE);
  const share = await shareOf(c.env.DB, quote);
  if (quote.status !== 'booked' || !share)
    return refusalJson(c, { status: 409, error: { code: 'not_booked', message: OFFER_MESSAGES.notBooked } });
  if (await livePartnerJob(c.env.DB, reference))
    return refusalJson(c, { status: 409, error: { code: 'has_partner', message: OFFER_MESSAGES.hasPartner } });
  const fitting = await eligiblePartners(c.env.DB, quote);
  const chosen = to === 'all' ? fitting : fitting.filter((partner) => partner.reference === to);
  const offered = await offerMove(c.env.DB, quote, chosen, share, staff.email, requestNow(c));
  return seeOther(`${leadPath(reference)}&done=${offered > 0 ? 'offered' : 'offer_none'}`);
}

export function partnersRoutes(routes: OfficeRoutes): void {
  routes.post(
    OFFER_PATHS.office,
    staffOnly,
    ...formRoute({ maxBytes: MAX_DECISION_BODY, limit: officeLimit, schema: officeOfferSchema, page: offerRefused }, offer),
  );
  routes.all(OFFER_PATHS.office, (c) => refusalJson(c, REFUSALS.postOnly));
  routes.page(PARTNER_PATHS.office, staffOnly);
  routes.page(PARTNER_PATHS.application, staffOnly);
  routes.get(PARTNER_PATHS.document, staffOnly, serveDocument);
  routes
    .post(
      PARTNER_PATHS.decide,
      staffOnly,
      ...formRoute({ maxBytes: MAX_DECISION_BODY, limit: officeLimit, schema: decisionSchema, page: decisionRefused }, decide),
    )
    .renders(PARTNER_PATHS.application);
  routes.all(PARTNER_PATHS.decide, (c) => refusalJson(c, REFUSALS.postOnly));
}
