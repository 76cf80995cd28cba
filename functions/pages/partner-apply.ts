/**
 * The driver's application (issue 43 item 1): /drivers/apply's plain multipart form post. A refused post is the page
 * again with each message by its field and every typed value kept (the files must be chosen again); a stored one is
 * 303 to the page's "sent" state (post, redirect, get).
 */
import type { Context } from 'hono';
import { londonToday } from '~/lib/dates';
import {
  APPLY_MAX_BODY,
  APPLY_MESSAGES,
  APPLY_TEXT_FIELDS,
  DOCUMENT_KEYS,
  DOCUMENT_MAX_BYTES,
  documentType,
  PARTNER_PATHS,
  readApplication,
  type ApplyValues,
} from '~/lib/partners/apply';
import { TWIN_PAGE } from '~/lib/page-headers';
import type { ApplyPageView } from '~/lib/views/partners';
import type { AppBindings } from '../env';
import { astroPageAt } from '../lib/astro-page';
import { drained, keptAtMost, readBounded } from '../lib/body';
import { requestNow } from '../lib/clock';
import { REFUSALS, seeOther } from '../lib/http';
import { storeApplication, type UploadedDocument } from '../lib/partners/applications';
import { clientKey, withinLimit } from '../lib/rate-limit';
import { fromOwnOrigin } from '../lib/same-origin';

type ApplyContext = Context<AppBindings>;

const page = (c: ApplyContext, status: number, view: ApplyPageView, headers: Record<string, string> = {}) =>
  astroPageAt(c, PARTNER_PATHS.apply, view, { status, headers: { ...TWIN_PAGE, ...headers } });

const formOnly = (c: ApplyContext, status: number, message: string, values: ApplyValues = {}, headers: Record<string, string> = {}) =>
  page(c, status, { values, errors: { form: message }, sent: false }, headers);

const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, 400) : '';
};

/** A file input left empty still sends one nameless, empty part, which is none. */
const fileOf = (form: FormData, name: string): File | null => {
  const value = form.get(name);
  return value && typeof value !== 'string' && value.size > 0 ? value : null;
};

async function readDocuments(form: FormData, errors: Record<string, string>): Promise<UploadedDocument[]> {
  const documents: UploadedDocument[] = [];
  for (const kind of DOCUMENT_KEYS) {
    const file = fileOf(form, kind);
    if (!file) errors[kind] ??= APPLY_MESSAGES.fileOf(kind);
    else if (file.size > DOCUMENT_MAX_BYTES) errors[kind] ??= APPLY_MESSAGES.fileSize;
    else {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = documentType(bytes);
      if (type) documents.push({ kind, bytes, type });
      else errors[kind] ??= APPLY_MESSAGES.fileType;
    }
  }
  return documents;
}

export async function postApplication(c: ApplyContext): Promise<Response> {
  // Lower case only to check it: the boundary is case-sensitive (a browser's has capitals).
  const type = c.req.header('Content-Type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    await readBounded(c.req.raw, 0);
    return formOnly(c, 415, REFUSALS.unsupportedForm.error.message);
  }
  // What needs only the headers is refused before up to 20 MB is read (the body drained, unkept).
  if (!fromOwnOrigin(c)) return drained(c, () => formOnly(c, 403, REFUSALS.foreignForm.error.message));
  if (!(await withinLimit(c.env, 'PARTNER_APPLY_LIMITER', `apply:${clientKey(c)}`)))
    return drained(c, () => formOnly(c, 429, APPLY_MESSAGES.tooFast, {}, REFUSALS.rateLimited.headers ?? {}));
  const body = await readBounded(c.req.raw, keptAtMost(c, APPLY_MAX_BODY));
  if (body.tooLarge) return formOnly(c, 413, APPLY_MESSAGES.tooLarge);
  let form: FormData;
  try {
    form = await new Request(c.req.url, { method: 'POST', headers: { 'Content-Type': type }, body: body.bytes }).formData();
  } catch {
    return formOnly(c, 400, REFUSALS.unsupportedForm.error.message);
  }
  // The honeypot: a bot is answered as a person would be, and nothing is stored.
  if (textOf(form, 'website').trim()) return seeOther(`${PARTNER_PATHS.apply}?sent=1`);
  const values = Object.fromEntries(APPLY_TEXT_FIELDS.map((name) => [name, textOf(form, name)])) as ApplyValues;
  const now = requestNow(c);
  const read = readApplication(values, londonToday(now));
  const errors: Record<string, string> = 'errors' in read ? { ...read.errors } : {};
  const documents = await readDocuments(form, errors);
  if ('errors' in read || Object.keys(errors).length > 0) {
    if (documents.length > 0) errors.form = APPLY_MESSAGES.filesAgain;
    return page(c, 400, { values, errors, sent: false });
  }
  await storeApplication(c.env, read.application, documents, now);
  return seeOther(`${PARTNER_PATHS.apply}?sent=1`);
}
