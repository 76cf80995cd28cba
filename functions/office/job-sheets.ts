/**
 * The office's job-sheets routes (issue 33 item 5), registered by functions/office/routes.ts: the office's post that
 * makes a crew's link (answered with the page showing it once, never with the token in a Location), the crew's photos
 * for staff, and the crew's own sheet at /job-sheet?t=…, which needs no session: its token is the key, and anything but
 * a live one gets the site's ordinary 404.
 */
import type { Context } from 'hono';
import { JOB_SHEET_TOKEN_FIELD, leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { emailField } from '~/lib/schemas';
import * as z from 'zod/mini';
import {
  CREW_REPORT_KINDS,
  ESTIMATE_KINDS,
  JOB_SHEET_MESSAGES,
  dailyCapMet,
  etaAfter,
  etaChoice,
  isClockTime,
  isTapKey,
  jobDoneRefusal,
  JOB_REPORT_LABELS,
  movingDayRefusal,
  deliveryRefusal,
  type CrewReportKind,
  type LocatedNotice,
} from '~/lib/office/job-sheet';
import { crewLocation } from '~/lib/office/arrival-estimate';
import { isReference } from '~/lib/reference';
import {
  CONDITION_ACTIONS,
  CONDITION_LABELS,
  CONDITION_MESSAGES,
  conditionEndOf,
  conditionProblems,
  type ConditionEnd,
} from '~/lib/office/condition';
import { recordCondition } from '../lib/office/condition';
import {
  CHANGE_ACTIONS,
  CHANGE_MESSAGES,
  changeItemsFor,
  changeLinesFrom,
  isChangeAction,
  signatureProblems,
  type ChangeAction,
} from '~/lib/office/change-order';
import { acceptChange, proposeChange, refuseChange } from '../lib/office/change-orders';
import type { AppBindings } from '../env';
import { astroPageAt } from '../lib/astro-page';
import { readBounded } from '../lib/body';
import { requestNow } from '../lib/clock';
import { config } from '../lib/config';
import { formRoute } from '../lib/pipeline';
import { REFUSALS, refusalJson, seeOther } from '../lib/http';
import { type OfficeBindings, staffOnly, officeLimit, OfficeRoutes } from '../lib/office/gate';
import {
  bookedInDiary,
  makeJobSheetLink,
  openJobSheet,
  PHOTO_KEY_PATTERN,
  reportJobDone,
  reportDayTap,
  reportProblem,
  readPhotoFormPost,
  checkPhotos,
  checkSignature,
  noteProblem,
  formText,
  formPhotos,
  jobSheetUrl,
  reportsToday,
  reportWithinLimits,
  crewActor,
  refusedOffDay,
  minutesToPickup,
} from '../lib/office/job-sheets';
import { ACCOUNT_PAGE, PRIVATE_PAGE } from '~/lib/page-headers';
import { pageAsSent } from '../lib/page-policy';
import { JOB_SHEET_PERMISSIONS } from '../lib/security-headers';
import { notFoundPage } from '../lib/prebuilt-page';
import { findQuote } from '../lib/quote/store';
import type { JobSheetPageRequest } from '../pages/job-sheet-view';
import type { JobSheetLinkView, JobSheetState } from '~/lib/views/job-sheet';
import { accountEmail } from '../lib/account/tokens';
import { emailJobSheetLink } from '../lib/office/crew-emails';
import type { JobSheetEmailAnswer } from '~/lib/views/job-sheet';

type SheetContext = Context<AppBindings>;

const MAX_LINK_BODY = 2 * 1024;

async function makeLink(c: Context<OfficeBindings>, values: URLSearchParams): Promise<Response> {
  const reference = values.get('ref') ?? '';
  if (!isReference(reference)) return notFoundPage(c.env, c.req.url, ACCOUNT_PAGE);
  const made = await makeJobSheetLink(c.env.DB, reference, c.var.staff.email, requestNow(c));
  const url = made && jobSheetUrl(config(c.env).siteUrl, made.token);
  const view: JobSheetLinkView = { jobSheetLink: { reference, made: made && url ? { url, lastDay: made.lastDay } : null } };
  const page = await astroPageAt(c, OFFICE_PATHS.jobSheetLink, view, { status: made ? 200 : 409, headers: ACCOUNT_PAGE });
  return pageAsSent(c.env, c.req.url, page);
}

/** "E-mail the link to the crew lead": a refused address is the job sheet section again (400), with its message by the field. */
async function emailLink(c: Context<OfficeBindings>, values: URLSearchParams): Promise<Response> {
  const reference = values.get('ref') ?? '';
  if (!isReference(reference)) return notFoundPage(c.env, c.req.url, ACCOUNT_PAGE);
  const typed = values.get('email') ?? '';
  const checked = z.safeParse(emailField, typed);
  const sent = checked.success && (await emailJobSheetLink(c.env, reference, accountEmail(checked.data), c.var.staff, requestNow(c)));
  if (sent) return seeOther(`${leadPath(reference)}&done=job_sheet_emailed`);
  const view: JobSheetEmailAnswer = {
    jobSheetLink: { reference, made: null },
    jobSheetEmail: { value: typed, error: checked.success ? JOB_SHEET_MESSAGES.notBooked : (checked.error.issues[0]?.message ?? '') },
  };
  const page = await astroPageAt(c, OFFICE_PATHS.jobSheetLink, view, { status: checked.success ? 409 : 400, headers: ACCOUNT_PAGE });
  return pageAsSent(c.env, c.req.url, page);
}

async function jobPhoto(c: Context<OfficeBindings>): Promise<Response> {
  const key = c.req.query('key') ?? '';
  const photo = PHOTO_KEY_PATTERN.test(key) ? await c.env.PHOTOS.get(key) : null;
  if (!photo) return notFoundPage(c.env, c.req.url, ACCOUNT_PAGE);
  return new Response(photo.body, {
    headers: {
      'Content-Type': photo.httpMetadata?.contentType ?? 'application/octet-stream',
      'Content-Length': String(photo.size),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

const sheetPage = async (
  c: SheetContext,
  reference: string,
  state: JobSheetState,
  status = 200,
  headers: Record<string, string> = {},
): Promise<Response> =>
  pageAsSent(
    c.env,
    c.req.url,
    await astroPageAt(c, OFFICE_PATHS.jobSheet, { reference, state } satisfies JobSheetPageRequest, {
      status,
      headers: { ...PRIVATE_PAGE, ...JOB_SHEET_PERMISSIONS, ...headers },
    }),
  );

const sheetToken = (c: SheetContext) => c.req.query(JOB_SHEET_TOKEN_FIELD) ?? null;

async function showJobSheet(c: SheetContext): Promise<Response> {
  const reference = await openJobSheet(c.env.DB, sheetToken(c), requestNow(c));
  if (!reference) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  return sheetPage(c, reference, { done: c.req.query('done') ?? null });
}

async function answerJobSheet(c: SheetContext): Promise<Response> {
  const token = sheetToken(c);
  const now = requestNow(c);
  const reference = await openJobSheet(c.env.DB, token, now);
  if (!reference || !token) {
    await readBounded(c.req.raw, 0);
    return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  }
  const read = await readPhotoFormPost(c);
  if ('refusal' in read) return refusalJson(c, read.refusal);
  if ('tooLarge' in read) return sheetPage(c, reference, { form: 'problem', errors: { photos: JOB_SHEET_MESSAGES.photoSize } }, 413);
  const { form } = read;
  const action = formText(form, 'action');
  const note = formText(form, 'note');
  const end = conditionEndOf(action);
  if (end) return answerCondition(c, token, reference, end, form, now);
  if (isChangeAction(action)) return answerChange(c, token, reference, action, form, now);
  const refuse = (kind: CrewReportKind, errors: JobSheetState['errors'], status = 400, headers: Record<string, string> = {}) =>
    sheetPage(c, reference, { form: kind, errors, values: { eta: formText(form, 'eta'), note } }, status, headers);
  // The message goes by the field the crew lead was filling in, so it is read where they look.
  const kind: CrewReportKind = (CREW_REPORT_KINDS as readonly string[]).includes(action) ? (action as CrewReportKind) : 'problem';
  const field = ESTIMATE_KINDS.has(kind) ? 'eta' : kind === 'done' || kind === 'problem' ? 'note' : 'day';
  const tap = formText(form, 'tap');
  if (tap && !isTapKey(tap)) return refuse(kind, { [field]: JOB_SHEET_MESSAGES.tap });
  if (!(await reportWithinLimits(c, `sheet:${reference}`)))
    return refuse(kind, { [field]: JOB_SHEET_MESSAGES.tooFast }, 429, REFUSALS.rateLimited.headers ?? {});
  const [quote, booking, today] = await Promise.all([
    findQuote(c.env.DB, { reference }),
    bookedInDiary(c.env.DB, reference),
    reportsToday(c.env.DB, reference, now),
  ]);
  if (!quote || !booking) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  // The moving-day taps on the move's day only, "Job done" from it on (a problem any day the link works): the firm's
  // crews and the partners' use this one sheet, so this is the one place the rule is kept.
  if (kind !== 'problem') {
    const rule = kind === 'done' ? jobDoneRefusal : kind === 'at_delivery' ? deliveryRefusal : movingDayRefusal;
    const offDay = await refusedOffDay(c.env.DB, reference, booking, `“${JOB_REPORT_LABELS[kind]}”`, now, rule);
    if (offDay) return refuse(kind, { day: offDay });
  }
  const capMet = dailyCapMet(today, kind === 'problem' ? formPhotos(form).length : 0);
  if (capMet) return refuse(kind, { [capMet === 'photosToday' ? 'photos' : field]: JOB_SHEET_MESSAGES[capMet] }, 429);
  const done = (kind: CrewReportKind | LocatedNotice) =>
    seeOther(`${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: token, done: kind })}`);
  switch (action) {
    case 'on_our_way':
    case 'late': {
      // An estimate chosen from the list wins; a time typed is the fallback the sheet has always taken.
      const chosen = formText(form, 'minutes');
      const minutes = chosen ? etaChoice(chosen) : null;
      let eta = minutes !== null ? etaAfter(now, minutes) : chosen ? '' : formText(form, 'eta');
      // "On our way" with the phone's location (issue 44 item 2): worked out to the pickup if the postcode service
      // places it, else the chosen time. A location missing, malformed or outside the UK is ignored.
      const crew = action === 'on_our_way' ? crewLocation(formText(form, 'latitude'), formText(form, 'longitude')) : null;
      const worked = crew ? await minutesToPickup(c.env, quote.fromPostcode, crew) : null;
      if (worked !== null) eta = etaAfter(now, worked);
      if (!isClockTime(eta)) return refuse(action, { eta: crew ? JOB_SHEET_MESSAGES.unplaced : JOB_SHEET_MESSAGES.eta });
      await reportDayTap(c.env, quote, booking, { kind: action, eta, key: tap || null, located: worked !== null }, now);
      return done(worked !== null ? 'on_our_way_located' : crew ? 'on_our_way_unplaced' : action);
    }
    case 'arrived':
    case 'leaving':
    case 'at_delivery':
      await reportDayTap(c.env, quote, booking, { kind: action, eta: null, key: tap || null }, now);
      return done(action);
    case 'done': {
      const problem = noteProblem(note, false);
      if (problem) return refuse('done', { note: problem });
      await reportJobDone(c.env, quote, booking, note || null, now);
      return done('done');
    }
    case 'problem': {
      const problem = noteProblem(note, true);
      const photos = await checkPhotos(form);
      if (problem || !photos.ok)
        return refuse('problem', { ...(problem ? { note: problem } : {}), ...(photos.ok ? {} : { photos: photos.message }) });
      await reportProblem(c.env, reference, booking, note, photos.photos, now);
      return done('problem');
    }
    default:
      return sheetPage(c, reference, {}, 400);
  }
}

/**
 * "Condition at pickup" and "Condition at delivery" (issue 44 item 5): the record with the customer's typed name and
 * tick (and the signature drawn on the pad, when the phone ran its script), refused field by field as the sheet's other forms are; a second record for an end is refused (409) and changes
 * nothing, so what the customer signed stays as they signed it.
 */
async function answerCondition(c: SheetContext, token: string, reference: string, end: ConditionEnd, form: FormData, now: Date) {
  const note = formText(form, 'note');
  const name = formText(form, 'name').replace(/\s+/g, ' ');
  const agreed = formText(form, 'agree') === 'yes';
  const action = CONDITION_ACTIONS[end];
  const refuse = (errors: JobSheetState['errors'], status = 400, headers: Record<string, string> = {}) =>
    sheetPage(c, reference, { form: action, errors, values: { note, name, agreed } }, status, headers);
  if (!(await reportWithinLimits(c, `sheet:${reference}`)))
    return refuse({ note: JOB_SHEET_MESSAGES.tooFast }, 429, REFUSALS.rateLimited.headers ?? {});
  const [quote, booking, today] = await Promise.all([
    findQuote(c.env.DB, { reference }),
    bookedInDiary(c.env.DB, reference),
    reportsToday(c.env.DB, reference, now),
  ]);
  if (!quote || !booking) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  // Signed at the door on the move's day, as the taps are sent (movingDayRefusal); the delivery's the day after too.
  const rule = end === 'delivery' ? deliveryRefusal : movingDayRefusal;
  const offDay = await refusedOffDay(c.env.DB, reference, booking, `“${CONDITION_LABELS[end]}”`, now, rule);
  if (offDay) return refuse({ day: offDay });
  const capMet = dailyCapMet(today, formPhotos(form).length);
  if (capMet) return refuse({ [capMet === 'photosToday' ? 'photos' : 'note']: JOB_SHEET_MESSAGES[capMet] }, 429);
  const problems = conditionProblems({ note, name, agreed });
  const photos = await checkPhotos(form);
  const drawn = await checkSignature(form);
  if (!drawn.ok) problems.signature = CONDITION_MESSAGES.signature;
  if (Object.keys(problems).length > 0 || !photos.ok || !drawn.ok)
    return refuse({ ...problems, ...(photos.ok ? {} : { photos: photos.message }) });
  const post = { note, signedName: name, photos: photos.photos, signature: drawn.signature };
  const stored = await recordCondition(c.env, quote, booking, end, post, now);
  if (!stored) return refuse({ note: CONDITION_MESSAGES.recorded }, 409);
  return seeOther(`${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: token, done: action })}`);
}

/** The form's own fields beside the items' quantities: anything else (a typed price) refuses the proposal. */
const CHANGE_FORM_FIELDS: ReadonlySet<string> = new Set(['action', 'tap']);

/**
 * "Something not agreed?" (issue 44 item 6): the crew propose extras from the price table, then the customer, on the
 * same phone, accepts with their typed name and a tick (and the signature drawn on the pad, when the phone ran its
 * script) or refuses. Refused field by field as the sheet's other forms
 * are; a change already answered is refused (409) and changes nothing.
 */
async function answerChange(c: SheetContext, token: string, reference: string, action: ChangeAction, form: FormData, now: Date) {
  const name = formText(form, 'name').replace(/\s+/g, ' ');
  const agreed = formText(form, 'agree') === 'yes';
  const change = formText(form, 'change');
  const quantities = Object.fromEntries(
    [...form.entries()]
      .filter(([field]) => field.startsWith('qty-'))
      .map(([field, value]) => [field, typeof value === 'string' ? value : '']),
  );
  const refuse = (errors: JobSheetState['errors'], status = 400, headers: Record<string, string> = {}) =>
    sheetPage(c, reference, { form: action, errors, values: { name, agreed, change, quantities } }, status, headers);
  const field = action === CHANGE_ACTIONS.propose ? 'items' : 'change';
  if (!(await reportWithinLimits(c, `sheet:${reference}`)))
    return refuse({ [field]: JOB_SHEET_MESSAGES.tooFast }, 429, REFUSALS.rateLimited.headers ?? {});
  const [quote, booking] = await Promise.all([findQuote(c.env.DB, { reference }), bookedInDiary(c.env.DB, reference)]);
  if (!quote || !booking) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  // Extras are agreed at the door on the move's day, with the crew there (movingDayRefusal); on another day the office
  // changes the written quote instead.
  const offDay = await refusedOffDay(c.env.DB, reference, booking, 'A change order', now);
  if (offDay) return refuse({ day: offDay });
  const actor = crewActor(booking);
  const done = () => seeOther(`${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: token, done: action })}`);
  if (action === CHANGE_ACTIONS.propose) {
    const tap = formText(form, 'tap');
    if (tap && !isTapKey(tap)) return refuse({ items: JOB_SHEET_MESSAGES.tap });
    const fields = [...form.entries()].map(([key, value]): [string, string] => [key, typeof value === 'string' ? value : '']);
    // The move's own size prices its stairs and long carry, as its quote's access lines were priced.
    const lines = changeLinesFrom(fields, CHANGE_FORM_FIELDS, changeItemsFor(quote.propertyId));
    if (!lines.ok) return refuse({ items: lines.message });
    const proposed = await proposeChange(c.env.DB, reference, lines.lines, actor, tap || null, now);
    if (!proposed.ok) return refuse({ items: CHANGE_MESSAGES.noWrittenQuote }, 409);
    return done();
  }
  const id = /^\d{1,12}$/.test(change) ? Number(change) : 0;
  // The crew's phone: the customer holds it, the audit line names the crew whose sheet it is.
  const by = { decidedBy: 'crew-phone', actor } as const;
  if (action === CHANGE_ACTIONS.accept) {
    const problems = signatureProblems({ name, agreed });
    // The pad's drawing, checked as the condition record's is; refused by its own message, nothing stored.
    const drawn = await checkSignature(form);
    if (!drawn.ok) problems.signature = CHANGE_MESSAGES.signature;
    if (Object.keys(problems).length > 0 || !drawn.ok) return refuse(problems);
    const outcome = await acceptChange(c.env, quote, id, { name, drawn: drawn.signature }, by, now);
    if (!outcome.ok) return answered(outcome.reason);
    return done();
  }
  const outcome = await refuseChange(c.env.DB, reference, id, by, now);
  return outcome.ok ? done() : answered(outcome.reason);

  function answered(reason: 'decided' | 'changed' | 'missing') {
    if (reason === 'missing') return sheetPage(c, reference, {}, 404);
    return refuse({ change: reason === 'decided' ? CHANGE_MESSAGES.decided : CHANGE_MESSAGES.changed }, 409);
  }
}

export function jobSheetsRoutes(routes: OfficeRoutes): void {
  routes
    .post(OFFICE_PATHS.jobSheetLink, staffOnly, ...formRoute({ maxBytes: MAX_LINK_BODY, limit: officeLimit }, makeLink))
    .renders(OFFICE_PATHS.jobSheetLink);
  routes.post(OFFICE_PATHS.jobSheetEmail, staffOnly, ...formRoute({ maxBytes: MAX_LINK_BODY, limit: officeLimit }, emailLink));
  routes.get(OFFICE_PATHS.jobPhoto, staffOnly, jobPhoto);
  routes.get(OFFICE_PATHS.jobSheet, showJobSheet).renders(OFFICE_PATHS.jobSheet);
  routes.post(OFFICE_PATHS.jobSheet, answerJobSheet);
}
