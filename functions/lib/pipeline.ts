// The one request pipeline (issue 42 item 4): every JSON and form post the Worker takes goes through `postRoute()`, as
// Hono middleware, in this order: the body read once to its limit, size (413), rate limit (429), the origin of a form post
// (403), media type (415), a readable body (400), the zod schema through @hono/zod-validator (400 with field messages).
// Every refusal is answered by `refuse()`: the JSON error shape, or the form's own page (`page`) with its messages.
// A multipart form (`multipart: true`: photos, documents) takes the same steps; its readable body is one FormData parsed
// (400 otherwise), handed to the handler with its files.
// docs/architecture.md ("The request pipeline"); tests/unit/post-pipeline.test.ts fails for a POST route without it.
//
// The body limit is readBounded() (body.ts), not hono/body-limit: that one answers 413 from Content-Length without
// reading the body and stops reading a stream at the limit, so an upload still under way meets a reset connection, and
// a refused form loses the fields that arrived within the limit (its page gives them back).
import { zValidator, type Hook } from '@hono/zod-validator';
import type { Context, MiddlewareHandler } from 'hono';
import type * as z from 'zod/mini';
import { fieldErrors, isHoneypotFilled } from '~/lib/schemas';
import type { Env, RequestContext } from '../env';
import { keptAtMost, readBounded, type ReadBody } from './body';
import { refusalJson, MAX_BODY_BYTES, REFUSALS, validationFailed, type Refusal } from './http';
import { clientKey, leadLimiter, withinLimit, type LimitedRoute, type LimiterName } from './rate-limit';
import { fromOwnOrigin } from './same-origin';

export type Via = 'json' | 'form';

/** A zod schema (zod/mini's, or zod's own where a form's rules are written with it, as the office's lead entry). */
export type Schema = z.core.$ZodType;

/**
 * A post's schema, or for one whose rules depend on the request (today's date by the request's clock), made for it from
 * its context.
 */
export type SchemaFor<E extends Bound, S extends Schema | undefined> = S | ((c: Context<E>) => NonNullable<S>);

/** The pipeline's variables, set by its first step: how the post came, its page for a refusal, the body as read. */
export type PostVariables = {
  via: Via;
  replies: FormReplies<never> | undefined;
  body: ReadBody;
  /** A form post's fields (of a body cut at the limit, those that arrived whole). */
  formBody: URLSearchParams | undefined;
  /** A multipart route's form as parsed, files and all (undefined: not a form this route takes, or unreadable). */
  formData: FormData | undefined;
};
/** What a route's handlers are typed with: the bindings, and its gate's variables (`OfficeBindings`…). */
export type Bound = { Bindings: Env };
/** The same with the pipeline's variables, for a handler or page that reads them. */
export type Posted<E extends Bound = Bound> = E & { Variables: PostVariables };
export type PostEnv = Posted;

export interface FormReplies<E extends Bound> {
  /** The form's page with the refusal's message (by its field for invalid fields) and what was typed; the refusal's
   * headers (Retry-After…) are added. */
  page(c: Context<E>, refusal: Refusal, typed: URLSearchParams): Response | Promise<Response>;
  /** A page's own address, not an API endpoint: anything but a form post is a 415 (the page, when it has one). */
  only?: boolean;
}

/** Where a form post must come from: `fromOwnOrigin`, or `fromOwnNoReferrerPage` for a page whose address holds a secret. */
export type OriginRule = (c: RequestContext) => boolean;

/**
 * The rate-limit binding and the bucket a post counts in (read after the body, so a bucket may be a posted field: `typed`
 * is the form's fields). A key of null leaves the post out of that bucket (a move's own, when the post opens no move).
 */
export interface RateLimit<E extends Bound> {
  binding: LimiterName;
  key(c: Context<E>, typed: URLSearchParams): string | null | Promise<string | null>;
}

/** A route counts in one bucket, or in several at once (the client's and its link's): refused if any is full. */
export type RateLimits<E extends Bound> = RateLimit<E> | readonly RateLimit<E>[];

/** A multipart form (photos, documents): multipart/form-data, and a url-encoded form too when `urlencoded`. */
export interface Multipart {
  urlencoded: boolean;
}

export interface PostSpec<E extends Bound, S extends Schema | undefined> {
  /** The most of a body to read: past it, 413. */
  maxBytes: number;
  origin: OriginRule;
  /** Every write path counts in a bucket: a route cannot be declared without one. */
  limit: RateLimits<E>;
  /** A JSON body's or form's fields, checked before the handler; without one, the handler is handed the form's fields. */
  schema: SchemaFor<E, S>;
  /** Form posts taken (an endpoint without it takes only JSON). */
  form?: FormReplies<E>;
  /** For a filled honeypot: a normal-looking answer, with nothing stored or sent. */
  decoy?(c: Context<E>, body: Record<string, unknown>, typed: URLSearchParams): Response | Promise<Response>;
  /** A multipart form: its handler is handed the parsed FormData (no schema). */
  multipart?: Multipart;
}

export type PostHandler<E extends Bound, S> = (
  c: Context<E>,
  valid: S extends Schema ? z.output<S> : URLSearchParams,
  /** The form's fields as typed (empty for JSON): for a field the schema does not name, or the page again. */
  typed: URLSearchParams,
) => Response | Promise<Response>;

type Step<E extends Bound> = MiddlewareHandler<Posted<E>>;
/** The pipeline's own context, as the route's handlers and pages are typed (a narrower view of the same object). */
const asRoute = <E extends Bound>(c: Context<Posted<E>>) => c as unknown as Context<E>;

/** The first step of every route through the pipeline (tests/unit/post-pipeline.test.ts looks for it). */
export const PIPELINE_STEP = Symbol('post pipeline');

/**
 * How a route's fields reach its handler, kept on its first step (PIPELINE_STEP) for tests/unit/post-pipeline.test.ts:
 * checked by its schema, a multipart form as parsed (files), or handed over as typed: `byHand` when the handler takes
 * them (a second parameter), so reads its fields itself; a button with no fields takes only the context.
 */
export interface PipelineFields {
  fields: 'schema' | 'multipart' | 'byHand' | 'none';
}

/** Every refusal of the pipeline and of a handler behind it: the form's page for a form post, else the JSON error shape. */
export async function refuse<E extends Bound>(route: Context<E>, refusal: Refusal): Promise<Response> {
  const c = route as unknown as Context<PostEnv>;
  const replies = c.var.via === 'form' ? (c.var.replies as FormReplies<E> | undefined) : undefined;
  if (!replies) return refusalJson(route, refusal);
  const page = await replies.page(route, refusal, c.var.formBody ?? new URLSearchParams());
  for (const [name, value] of Object.entries(refusal.headers ?? {})) page.headers.set(name, value);
  return page;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';
const MULTIPART_TYPE = 'multipart/form-data';
const mediaType = (c: Context) => (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();

/** A multipart route's body parsed as the form it says it is (multipart, or url-encoded where taken); null if not one. */
async function parsedForm(c: Context, { bytes, tooLarge }: ReadBody, multipart: Multipart): Promise<FormData | null> {
  const type = mediaType(c);
  if (tooLarge || !(type === MULTIPART_TYPE || (multipart.urlencoded && type === FORM_TYPE))) return null;
  return formDataOf(c, bytes);
}

/** The body as the form its Content-Type says; null if it is not one. */
async function formDataOf(c: Context, bytes: Uint8Array<ArrayBuffer>): Promise<FormData | null> {
  try {
    // The header as sent: a boundary is case-sensitive (a browser's has capitals).
    return await new Response(bytes, { headers: { 'Content-Type': c.req.header('Content-Type') ?? '' } }).formData();
  } catch {
    return null;
  }
}

const stringFields = (data: FormData) =>
  new URLSearchParams([...data].flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])));

/** Of a body cut at the limit, only the url-encoded fields that arrived whole. */
async function typedFields(c: Context, { bytes, tooLarge }: ReadBody): Promise<URLSearchParams> {
  const type = mediaType(c);
  if (type === MULTIPART_TYPE) {
    const data = tooLarge ? null : await formDataOf(c, bytes);
    return data ? stringFields(data) : new URLSearchParams();
  }
  const text = new TextDecoder().decode(bytes);
  return new URLSearchParams(tooLarge ? text.slice(0, Math.max(text.lastIndexOf('&'), 0)) : text);
}

/** The pipeline's steps, then the handler with the post's checked values. */
export function postRoute<E extends Bound, S extends Schema | undefined>(spec: PostSpec<E, S>, handle: PostHandler<E, S>): Step<E>[] {
  const via: Step<E> = async (c, next) => {
    c.set('replies', spec.form as FormReplies<never> | undefined);
    c.set('via', spec.form && (spec.form.only || mediaType(c) === FORM_TYPE) ? 'form' : 'json');
    await next();
  };
  const { multipart } = spec;
  const fields: PipelineFields['fields'] = spec.schema ? 'schema' : multipart ? 'multipart' : handle.length >= 2 ? 'byHand' : 'none';
  Object.defineProperty(via, PIPELINE_STEP, { value: { fields } satisfies PipelineFields });

  const read: Step<E> = async (c, next) => {
    if (multipart) {
      // Up to 20 MB of files: a small post keeps no buffer of the largest, and the handler reads the FormData, not the
      // request again (so the bytes are not copied into another request).
      const body = await readBounded(c.req.raw, keptAtMost(c, spec.maxBytes));
      const data = await parsedForm(c, body, multipart);
      c.set('body', body);
      c.set('formData', data ?? undefined);
      c.set('formBody', data ? stringFields(data) : new URLSearchParams());
      return next();
    }
    const body = await readBounded(c.req.raw, spec.maxBytes);
    c.set('body', body);
    c.set('formBody', c.var.via === 'form' ? await typedFields(c, body) : undefined);
    // The validator reads the bytes read here, never the network again: the request is given them back as its body, as
    // hono/body-limit hands on a request (no write into Hono's undocumented body cache).
    c.req.raw = new Request(c.req.raw, { body: body.bytes });
    await next();
  };

  // Before anything else is asked of it: an oversized body is a 413 whatever its type.
  const size: Step<E> = async (c, next) => {
    if (c.var.body.tooLarge) return refuse(c, REFUSALS.payloadTooLarge);
    await next();
  };

  const limits: readonly RateLimit<E>[] = Array.isArray(spec.limit) ? spec.limit : [spec.limit as RateLimit<E>];
  const rateLimit: Step<E> = async (c, next) => {
    const typed = c.var.formBody ?? new URLSearchParams();
    // Each bucket counts the post, as each is asked (in parallel): one full refuses it.
    const within = await Promise.all(
      limits.map(async (limit) => {
        const key = await limit.key(asRoute(c), typed);
        return key === null || (await withinLimit(c.env, limit.binding, key));
      }),
    );
    if (within.includes(false)) return refuse(c, REFUSALS.rateLimited);
    await next();
  };

  const ownOrigin: Step<E> = async (c, next) => {
    if (c.var.via === 'form' && !spec.origin(c)) return refuse(c, REFUSALS.foreignForm);
    await next();
  };

  const mediaTypes: Step<E> = async (c, next) => {
    if (c.var.via === 'json' && mediaType(c) !== 'application/json') {
      return refuse(c, spec.form ? REFUSALS.unsupportedJsonOrForm : REFUSALS.unsupportedJson);
    }
    if (multipart) {
      const type = mediaType(c);
      if (type !== MULTIPART_TYPE && !(multipart.urlencoded && type === FORM_TYPE)) return refuse(c, REFUSALS.unsupportedForm);
    } else if (c.var.via === 'form' && mediaType(c) !== FORM_TYPE) return refuse(c, REFUSALS.unsupportedForm);
    await next();
  };

  const readable: Step<E> = async (c, next) => {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(c.var.body.bytes);
    } catch {
      return refuse(c, REFUSALS.notUtf8);
    }
    if (c.var.via === 'json') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return refuse(c, REFUSALS.invalidJson);
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return refuse(c, REFUSALS.notAnObject);
    }
    await next();
  };

  // A multipart body is binary (its files): readable is one form, parsed.
  const readableForm: Step<E> = async (c, next) => {
    if (!c.var.formData) return refuse(c, REFUSALS.unreadableForm);
    await next();
  };

  const steps: Step<E>[] = [via, read, size, rateLimit, ownOrigin, mediaTypes, multipart ? readableForm : readable];
  if (multipart) {
    const accept: Step<E> = async (c) =>
      (handle as unknown as MultipartHandler<E>)(asRoute(c), c.var.formData!, c.var.formBody ?? new URLSearchParams());
    return [...steps, accept];
  }
  const schema = spec.schema;
  if (!schema) {
    const accept: Step<E> = async (c) => {
      const typed = c.var.formBody ?? new URLSearchParams();
      return (handle as PostHandler<E, undefined>)(asRoute(c), typed, typed);
    };
    return [...steps, accept];
  }
  type Out = z.output<NonNullable<S>>;
  const hook: Hook<Out, Posted<E>, string, Via, object, NonNullable<S>> = (result, c) => {
    // Before anything else: a bot is answered like a person whatever it sent, valid or not.
    // A form's as typed, as a schema may not name the hidden field.
    const sent = c.var.via === 'form' ? Object.fromEntries(c.var.formBody ?? []) : result.data;
    if (spec.decoy && isHoneypotFilled(sent))
      return spec.decoy(asRoute(c), sent as Record<string, unknown>, c.var.formBody ?? new URLSearchParams());
    if (!result.success) return refuse(c, validationFailed(fieldErrors(result.error)));
  };
  const validator = (target: Via, checked: NonNullable<S>) =>
    zValidator<NonNullable<S>, Via, Posted<E>, string, typeof hook>(target, checked, hook);
  const validate: Step<E> =
    typeof schema === 'function'
      ? (c, next) => validator(c.var.via, schema(asRoute(c)))(c, next)
      : (
          (validators) => (c, next) =>
            validators[c.var.via](c, next)
        )({
          json: validator('json', schema),
          form: validator('form', schema),
        });
  const accept: Step<E> = async (c) => {
    const valid = (c.req as unknown as { valid(target: Via): Out }).valid(c.var.via);
    const typed = c.var.formBody ?? new URLSearchParams();
    return (handle as (c: Context<E>, valid: Out, typed: URLSearchParams) => Response | Promise<Response>)(asRoute(c), valid, typed);
  };
  return [...steps, validate, accept];
}

/**
 * A plain form post to a page the Worker answers (the office, sign-in, a move's page, the partner's page): a form media
 * type from a page of this site; refused, its page (`page`) or, for a post only a crafted request makes, the JSON shape.
 */
export interface FormSpec<E extends Bound, S extends Schema | undefined> {
  maxBytes: number;
  origin?: OriginRule;
  limit: RateLimits<E>;
  schema?: SchemaFor<E, S>;
  page?: FormReplies<E>['page'];
  decoy?: PostSpec<E, S>['decoy'];
  multipart?: undefined;
}

/**
 * A multipart form (the crew's job sheet, the move page's damage report, the partner's application and documents):
 * the same steps, `maxBytes` its files' limit; the handler is handed the form as parsed, files and all.
 */
export interface MultipartSpec<E extends Bound> {
  maxBytes: number;
  origin?: OriginRule;
  limit: RateLimits<E>;
  page?: FormReplies<E>['page'];
  multipart: true;
  /** A plain url-encoded form is taken too (the job sheet's and the move page's forms without files). */
  urlencoded?: boolean;
}

export type MultipartHandler<E extends Bound> = (
  c: Context<E>,
  form: FormData,
  /** The form's text fields. */
  typed: URLSearchParams,
) => Response | Promise<Response>;

export function formRoute<E extends Bound>(spec: MultipartSpec<E>, handle: MultipartHandler<E>): Step<E>[];
export function formRoute<E extends Bound, S extends Schema | undefined = undefined>(
  spec: FormSpec<E, S>,
  handle: PostHandler<E, S>,
): Step<E>[];
export function formRoute<E extends Bound, S extends Schema | undefined = undefined>(
  spec: FormSpec<E, S> | MultipartSpec<E>,
  handle: PostHandler<E, S> | MultipartHandler<E>,
): Step<E>[] {
  const page = spec.page ?? ((c: Context<E>, refusal: Refusal) => refusalJson(c, refusal));
  const form = { only: true, page };
  const origin = spec.origin ?? fromOwnOrigin;
  if (spec.multipart) {
    const { maxBytes, limit } = spec;
    const multipart = { urlencoded: spec.urlencoded ?? false };
    return postRoute<E, undefined>({ maxBytes, origin, limit, schema: undefined, form, multipart }, handle as PostHandler<E, undefined>);
  }
  return postRoute<E, S>({ ...spec, origin, schema: spec.schema as SchemaFor<E, S>, form }, handle as PostHandler<E, S>);
}

/** A bucket per client (its address; in tests, a header) in `binding`, under `prefix`. */
export const perClient = <E extends Bound>(binding: LimiterName, prefix: string): RateLimit<E> => ({
  binding,
  key: (c) => `${prefix}:${clientKey(c)}`,
});

/** The one bucket per client of the small forms: a sign-in link's button, a staff link's buttons, the account page's. */
export const perClientForm = <E extends Bound>(): RateLimit<E> => perClient<E>('FORM_LIMITER', 'form');

// The leads: a quote, a message, a call-back and a code check, as JSON or as their page's form.
export type LeadEnv = PostEnv;
export type LeadContext = Context<LeadEnv>;

export interface LeadSpec<S extends Schema> {
  /** Picks the rate-limit binding. */
  type: LimitedRoute;
  schema: S;
  form?: FormReplies<LeadEnv>;
  decoy(c: LeadContext, body: Record<string, unknown>): Response;
}

export type LeadHandler<T> = (c: LeadContext, lead: T) => Promise<Response>;

export function leadRoute<S extends Schema>(spec: LeadSpec<S>, handle: LeadHandler<z.output<S>>): Step<LeadEnv>[] {
  const { type, schema, form, decoy } = spec;
  const limit = perClient<LeadEnv>(leadLimiter(type), type);
  return postRoute<LeadEnv, S>(
    { maxBytes: MAX_BODY_BYTES, origin: fromOwnOrigin, limit, schema, form, decoy },
    handle as PostHandler<LeadEnv, S>,
  );
}
