/**
 * The office's job-sheets routes (issue 33 item 5), registered by functions/office/routes.ts: the office's post that
 * makes a crew's link (answered with the page showing it once, never with the token in a Location), the crew's photos
 * for staff, and the crew's own sheet at /job-sheet?t=…, which needs no session: its token is the key, and anything but
 * a live one gets the site's ordinary 404.
 */
import type { Context } from 'hono';
import { JOB_SHEET_TOKEN_FIELD, OFFICE_PATHS } from '~/lib/office/paths';
import {
  JOB_NOTE_MAX,
  JOB_PHOTO_MAX,
  JOB_PHOTO_MAX_BYTES,
  JOB_SHEET_MESSAGES,
  isClockTime,
  photoType,
  type JobReportKind,
} from '~/lib/office/job-sheet';
import { isReference } from '~/lib/reference';
import type { AppBindings } from '../env';
import { astroPageAt } from '../lib/astro-page';
import { readBounded } from '../lib/body';
import { requestNow } from '../lib/clock';
import { config } from '../lib/config';
import { readFormPost } from '../lib/form-post';
import { REFUSALS, refusalJson, seeOther } from '../lib/http';
import type { OfficeBindings } from '../lib/office/gate';
import { staffOnly } from '../lib/office/gate';
import {
  bookedInDiary,
  makeJobSheetLink,
  openJobSheet,
  PHOTO_KEY_PATTERN,
  reportJobDone,
  reportOnOurWay,
  reportProblem,
  type JobPhoto,
} from '../lib/office/job-sheets';
import { ACCOUNT_PAGE, PRIVATE_PAGE } from '../lib/page-headers';
import { pageAsSent } from '../lib/page-policy';
import { notFoundPage } from '../lib/prebuilt-page';
import { findQuote } from '../lib/quote/store';
import { fromOwnNoReferrerPage } from '../lib/same-origin';
import type { JobSheetLinkView, JobSheetPageRequest, JobSheetState } from '../pages/job-sheet-view';
import type { OfficeRoutes } from './routes';

type SheetContext = Context<AppBindings>;

const MAX_LINK_BODY = 2 * 1024;
/** Three photos at their limit, and the note and the form's own bytes. */
const MAX_SHEET_BODY = JOB_PHOTO_MAX * JOB_PHOTO_MAX_BYTES + 64 * 1024;
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

async function makeLink(c: Context<OfficeBindings>): Promise<Response> {
  const posted = await readFormPost(c, MAX_LINK_BODY);
  if ('refusal' in posted) return refusalJson(c, posted.refusal);
  const reference = posted.values.get('ref') ?? '';
  if (!isReference(reference)) return notFoundPage(c.env, c.req.url, ACCOUNT_PAGE);
  const made = await makeJobSheetLink(c.env.DB, reference, c.var.staff.email, requestNow(c));
  const url = made && `${config(c.env).siteUrl}${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: made.token })}`;
  const view: JobSheetLinkView = { jobSheetLink: { reference, made: made && url ? { url, lastDay: made.lastDay } : null } };
  const page = await astroPageAt(c, OFFICE_PATHS.jobSheetLink, view, { status: made ? 200 : 409, headers: ACCOUNT_PAGE });
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

const sheetPage = async (c: SheetContext, reference: string, state: JobSheetState, status = 200): Promise<Response> =>
  pageAsSent(
    c.env,
    c.req.url,
    await astroPageAt(c, OFFICE_PATHS.jobSheet, { reference, state } satisfies JobSheetPageRequest, { status, headers: PRIVATE_PAGE }),
  );

const sheetToken = (c: SheetContext) => c.req.query(JOB_SHEET_TOKEN_FIELD) ?? null;

async function showJobSheet(c: SheetContext): Promise<Response> {
  const reference = await openJobSheet(c.env.DB, sheetToken(c), requestNow(c));
  if (!reference) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  return sheetPage(c, reference, { done: c.req.query('done') ?? null });
}

/** A form post from the sheet (its page sends no referrer, so Fetch Metadata vouches for it), plain or with photos. */
async function readSheetPost(c: SheetContext): Promise<{ form: FormData } | { tooLarge: true } | { refused: Response }> {
  const type = c.req.header('Content-Type') ?? '';
  if (!FORM_TYPES.some((each) => type.toLowerCase().startsWith(each))) {
    await readBounded(c.req.raw, 0);
    return { refused: refusalJson(c, REFUSALS.unsupportedForm) };
  }
  const body = await readBounded(c.req.raw, MAX_SHEET_BODY);
  if (body.tooLarge) return { tooLarge: true };
  if (!fromOwnNoReferrerPage(c)) return { refused: refusalJson(c, REFUSALS.foreignForm) };
  try {
    return { form: await new Request(c.req.url, { method: 'POST', headers: { 'Content-Type': type }, body: body.bytes }).formData() };
  } catch {
    return { refused: refusalJson(c, REFUSALS.unsupportedForm) };
  }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

type Checked<T> = { ok: true; value: T } | { ok: false; errors: JobSheetState['errors'] };

function checkNote(note: string, required: boolean): string | null {
  if (required && !note) return JOB_SHEET_MESSAGES.noteRequired;
  return note.length > JOB_NOTE_MAX ? JOB_SHEET_MESSAGES.noteTooLong : null;
}

async function checkPhotos(form: FormData): Promise<Checked<JobPhoto[]>> {
  // A file input left empty still sends one nameless, empty part.
  const files = form.getAll('photos').filter((each): each is File => typeof each !== 'string' && each.size > 0);
  if (files.length > JOB_PHOTO_MAX) return { ok: false, errors: { photos: JOB_SHEET_MESSAGES.photoCount } };
  const photos: JobPhoto[] = [];
  for (const file of files) {
    if (file.size > JOB_PHOTO_MAX_BYTES) return { ok: false, errors: { photos: JOB_SHEET_MESSAGES.photoSize } };
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = photoType(bytes);
    if (!type) return { ok: false, errors: { photos: JOB_SHEET_MESSAGES.photoType } };
    photos.push({ bytes, type });
  }
  return { ok: true, value: photos };
}

async function answerJobSheet(c: SheetContext): Promise<Response> {
  const token = sheetToken(c);
  const now = requestNow(c);
  const reference = await openJobSheet(c.env.DB, token, now);
  if (!reference || !token) {
    await readBounded(c.req.raw, 0);
    return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  }
  const read = await readSheetPost(c);
  if ('refused' in read) return read.refused;
  if ('tooLarge' in read) return sheetPage(c, reference, { form: 'problem', errors: { photos: JOB_SHEET_MESSAGES.photoSize } }, 413);
  const { form } = read;
  const [quote, booking] = await Promise.all([findQuote(c.env.DB, { reference }), bookedInDiary(c.env.DB, reference)]);
  if (!quote || !booking) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  const action = text(form, 'action');
  const note = text(form, 'note');
  const refuse = (kind: JobReportKind, errors: JobSheetState['errors']) =>
    sheetPage(c, reference, { form: kind, errors, values: { eta: text(form, 'eta'), note } }, 400);
  const done = (kind: JobReportKind) =>
    seeOther(`${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: token, done: kind })}`);
  switch (action) {
    case 'on_our_way': {
      const eta = text(form, 'eta');
      if (!isClockTime(eta)) return refuse('on_our_way', { eta: JOB_SHEET_MESSAGES.eta });
      await reportOnOurWay(c.env, quote, booking, eta, now);
      return done('on_our_way');
    }
    case 'done': {
      const problem = checkNote(note, false);
      if (problem) return refuse('done', { note: problem });
      await reportJobDone(c.env, quote, booking, note || null, now);
      return done('done');
    }
    case 'problem': {
      const problem = checkNote(note, true);
      const photos = await checkPhotos(form);
      if (problem || !photos.ok) return refuse('problem', { ...(problem ? { note: problem } : {}), ...(photos.ok ? {} : photos.errors) });
      await reportProblem(c.env, reference, booking, note, photos.value, now);
      return done('problem');
    }
    default:
      return sheetPage(c, reference, {}, 400);
  }
}

export function jobSheetsRoutes(routes: OfficeRoutes): void {
  routes.post(OFFICE_PATHS.jobSheetLink, staffOnly, makeLink);
  routes.get(OFFICE_PATHS.jobPhoto, staffOnly, jobPhoto);
  routes.get(OFFICE_PATHS.jobSheet, showJobSheet);
  routes.post(OFFICE_PATHS.jobSheet, answerJobSheet);
}
