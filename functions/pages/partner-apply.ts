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
import { requestNow } from '../lib/clock';
import { seeOther, type Refusal } from '../lib/http';
import { formRoute, perClient } from '../lib/pipeline';
import { storeApplication, type UploadedDocument } from '../lib/partners/applications';

type ApplyContext = Context<AppBindings>;

const page = (c: ApplyContext, status: number, view: ApplyPageView) =>
  astroPageAt(c, PARTNER_PATHS.apply, view, { status, headers: TWIN_PAGE });

const textOf = (form: FormData | URLSearchParams, name: string) => {
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

const typedValues = (form: FormData | URLSearchParams) =>
  Object.fromEntries(APPLY_TEXT_FIELDS.map((name) => [name, textOf(form, name)])) as ApplyValues;

/** The pipeline's refusals: the page again, its message at the top and what was typed kept (a body too large has none). */
function applyRefusal(c: ApplyContext, refusal: Refusal, typed: URLSearchParams): Promise<Response> {
  const message =
    refusal.status === 429 ? APPLY_MESSAGES.tooFast : refusal.status === 413 ? APPLY_MESSAGES.tooLarge : refusal.error.message;
  return page(c, refusal.status, { values: typedValues(typed), errors: { form: message }, sent: false });
}

async function apply(c: ApplyContext, form: FormData): Promise<Response> {
  // The honeypot: a bot is answered as a person would be, and nothing is stored.
  if (textOf(form, 'website').trim()) return seeOther(`${PARTNER_PATHS.apply}?sent=1`);
  const values = typedValues(form);
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

/** Multipart from this site (its four documents, 20 MB), per client. */
export const postApplication = formRoute<AppBindings>(
  { maxBytes: APPLY_MAX_BODY, multipart: true, limit: perClient('PARTNER_APPLY_LIMITER', 'apply'), page: applyRefusal },
  apply,
);
