// POST /move-damage, the move page's "Report damage" (issue 34 item 5): a plain multipart form with a description and
// up to three photos, from the move's day until DAMAGE_REPORT_DAYS after it. A post that does not open the quote gets
// the same 404 as a wrong link; the report reaches the office as a to-do.
import type { Context } from 'hono';
import { JOB_SHEET_MESSAGES, dailyCapMet } from '~/lib/office/job-sheet';
import { damageReportRefusal } from '~/lib/move-status';
import { londonToday } from '~/lib/dates';
import { readClaimFields } from '~/lib/claims';
import type { AppBindings } from '../env';
import { customerClaimStatements } from '../lib/claims';
import { queueEmails } from '../lib/outbox';
import { requestNow } from '../lib/clock';
import { refusalJson, seeOther, type Refusal } from '../lib/http';
import { formRoute } from '../lib/pipeline';
import { fromOwnNoReferrerPage } from '../lib/same-origin';
import {
  checkPhotos,
  formPhotos,
  formText,
  noteProblem,
  MAX_PHOTO_FORM_BODY,
  reportDamage,
  reportsToday,
  reportLimits,
} from '../lib/office/job-sheets';
import { moveFacts } from '../lib/quote/manage';
import { quotePageHref, type OpenedQuote } from './move-view';
import { moveNotOpened, movePageRefusal, openQuote, quotePage } from './quote-confirmation';

/** The audit trail's action key (audit_log.action). */
export const CUSTOMER_DAMAGE_ACTION = 'customer_damage';

type DamageContext = Context<AppBindings>;

/** The move a post opens, asked once a request: for its bucket, then by the handler. */
const opening = new WeakMap<DamageContext, Promise<OpenedQuote | null>>();
const openedBy = (c: DamageContext, typed: URLSearchParams) => {
  let opened = opening.get(c);
  if (!opened) {
    opened = openQuote(c, formText(typed, 'ref') || null, formText(typed, 't') || null);
    opening.set(c, opened);
  }
  return opened;
};

const movePageRefused = movePageRefusal({ keepValues: false });

/**
 * The pipeline's refusals: too fast (429), the move page (or the 404 when the post opens no move); a post only a crafted
 * request makes (403, 415, an unreadable form's 400), the error shape, as is one too large (413) for its photos.
 */
function damageRefusal(c: DamageContext, refusal: Refusal, typed: URLSearchParams): Promise<Response> | Response {
  if (refusal.status === 429) return movePageRefused(c, refusal, typed);
  if (refusal.status === 413) return refusalJson(c, { ...refusal, error: { ...refusal.error, message: JOB_SHEET_MESSAGES.photoSize } });
  return refusalJson(c, refusal);
}

async function damageReport(c: DamageContext, form: FormData, typed: URLSearchParams): Promise<Response> {
  const opened = await openedBy(c, typed);
  if (!opened) return moveNotOpened(c);
  const { quote, token } = opened;
  const now = requestNow(c);
  const refusal = damageReportRefusal(moveFacts(quote), londonToday(now));
  if (refusal) return quotePage(c, opened, 409, { general: refusal });
  const note = formText(form, 'damageNote');
  const capMet = dailyCapMet(await reportsToday(c.env.DB, quote.reference, now), formPhotos(form).length);
  if (capMet) return quotePage(c, opened, 429, { general: JOB_SHEET_MESSAGES[capMet], values: new URLSearchParams({ damageNote: note }) });
  const problem = noteProblem(note, true);
  const photos = await checkPhotos(form);
  // With the item and its value the report is also a claim (issue 44 item 7); without both, a report as before.
  const claim = readClaimFields(formText(form, 'claimItem'), formText(form, 'claimValue'), { item: 'claimItem', value: 'claimValue' });
  if (problem || !photos.ok || (claim && !claim.ok)) {
    const errors = {
      ...(problem ? { damageNote: problem } : {}),
      ...(photos.ok ? {} : { damagePhotos: photos.message }),
      ...(claim && !claim.ok ? claim.errors : {}),
    };
    const values = new URLSearchParams({
      damageNote: note,
      claimItem: formText(form, 'claimItem'),
      claimValue: formText(form, 'claimValue'),
    });
    return quotePage(c, opened, 400, { errors, values });
  }
  const made = claim?.ok ? await customerClaimStatements(c.env, quote, claim, now) : null;
  await reportDamage(
    c.env,
    quote.reference,
    { actor: 'customer', report: 'customer_damage', task: 'customer_damage', action: CUSTOMER_DAMAGE_ACTION },
    note,
    photos.photos,
    now,
    made?.statements ?? [],
  );
  if (made) await queueEmails(c.env, [made.email.idempotencyKey]);
  return seeOther(quotePageHref(quote.reference, token, { done: made ? 'claim_made' : 'damage_reported' }));
}

/**
 * Plain or multipart (photos), from the move page (no referrer). Photos go to R2: per client and per move page, as the
 * crew's sheet (issue 40 item 8); a post that opens no move counts in its client's bucket only.
 */
export const reportMoveDamage = formRoute<AppBindings>(
  {
    maxBytes: MAX_PHOTO_FORM_BODY,
    multipart: true,
    urlencoded: true,
    origin: fromOwnNoReferrerPage,
    limit: reportLimits<AppBindings>(async (c, typed) => {
      const opened = await openedBy(c, typed);
      return opened && `move:${opened.quote.reference}`;
    }),
    page: damageRefusal,
  },
  damageReport,
);
