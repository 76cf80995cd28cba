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
import { REFUSALS, refusalJson, seeOther } from '../lib/http';
import {
  checkPhotos,
  formPhotos,
  formText,
  noteProblem,
  readPhotoFormPost,
  reportDamage,
  reportsToday,
  reportWithinLimits,
} from '../lib/office/job-sheets';
import { moveFacts } from '../lib/quote/manage';
import { quotePageHref } from './move-view';
import { moveNotOpened, openQuote, quotePage } from './quote-confirmation';

/** The audit trail's action key (audit_log.action). */
export const CUSTOMER_DAMAGE_ACTION = 'customer_damage';

export async function reportMoveDamage(c: Context<AppBindings>): Promise<Response> {
  const read = await readPhotoFormPost(c);
  if ('refusal' in read) return refusalJson(c, read.refusal);
  if ('tooLarge' in read)
    return refusalJson(c, { status: 413, error: { code: 'payload_too_large', message: JOB_SHEET_MESSAGES.photoSize } });
  const { form } = read;
  const opened = await openQuote(c, formText(form, 'ref') || null, formText(form, 't') || null);
  if (!opened) return moveNotOpened(c);
  const { quote, token } = opened;
  // Photos go to R2: per client and per move page, as the crew's sheet (issue 40 item 8).
  if (!(await reportWithinLimits(c, `move:${quote.reference}`))) {
    const { error, headers } = REFUSALS.rateLimited;
    return quotePage(c, opened, 429, { general: error.message, headers });
  }
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
