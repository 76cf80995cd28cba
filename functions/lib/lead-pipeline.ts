// The one way a lead comes in; its steps and their answers are listed in docs/architecture.md ("The lead pipeline"). The
// body is read first, once, so every later refusal can answer a form post with the page as it was typed.
import { zValidator, type Hook } from '@hono/zod-validator';
import type { Context, MiddlewareHandler } from 'hono';
import type * as z from 'zod/mini';
import { fieldErrors, isHoneypotFilled } from '~/lib/schemas';
import type { Env } from '../env';
import { readBounded, type ReadBody } from './body';
import { refusalJson, MAX_BODY_BYTES, REFUSALS, validationFailed, type Refusal } from './http';
import { withinRateLimit, type LimitedRoute } from './rate-limit';
import { fromOwnOrigin } from './same-origin';

export type Via = 'json' | 'form';

export interface FormReplies {
  /** The refusal's headers (Retry-After…) are added to it. */
  page(c: LeadContext, refusal: Refusal): Response | Promise<Response>;
  /** A page's own address, not an API endpoint: anything but a form post is a 415 page. */
  only?: boolean;
}

export type LeadEnv = {
  Bindings: Env;
  Variables: {
    via: Via;
    form: FormReplies | undefined;
    body: ReadBody;
    formBody: URLSearchParams | undefined;
  };
};
export type LeadContext = Context<LeadEnv>;

export interface LeadSpec<S extends z.ZodMiniType> {
  /** Picks the rate-limit binding. */
  type: LimitedRoute;
  schema: S;
  form?: FormReplies;
  /** For a filled honeypot: a normal-looking answer, with nothing stored or sent. */
  decoy(c: LeadContext, body: Record<string, unknown>): Response;
}

export type LeadHandler<T> = (c: LeadContext, lead: T) => Promise<Response>;

export async function refuse(c: LeadContext, refusal: Refusal): Promise<Response> {
  const form = c.var.via === 'form' ? c.var.form : undefined;
  if (!form) return refusalJson(c, refusal);
  const page = await form.page(c, refusal);
  for (const [name, value] of Object.entries(refusal.headers ?? {})) page.headers.set(name, value);
  return page;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';
const MULTIPART_TYPE = 'multipart/form-data';
const mediaType = (c: Context) => (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();

/** Of a body cut at the limit, only the url-encoded fields that arrived whole. */
async function typedFields(c: Context, { bytes, tooLarge }: ReadBody): Promise<URLSearchParams> {
  const type = mediaType(c);
  if (type === MULTIPART_TYPE && !tooLarge) {
    try {
      const data = await new Response(bytes, { headers: { 'Content-Type': c.req.header('Content-Type') ?? '' } }).formData();
      return new URLSearchParams([...data].flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])));
    } catch {
      return new URLSearchParams();
    }
  }
  if (type === MULTIPART_TYPE) return new URLSearchParams();
  const text = new TextDecoder().decode(bytes);
  return new URLSearchParams(tooLarge ? text.slice(0, Math.max(text.lastIndexOf('&'), 0)) : text);
}

type Step = MiddlewareHandler<LeadEnv>;

export function leadRoute<S extends z.ZodMiniType>(
  spec: LeadSpec<S>,
  handle: LeadHandler<z.output<S>>,
): [Step, Step, Step, Step, Step, Step, Step, Step, Step] {
  const via: Step = async (c, next) => {
    c.set('form', spec.form);
    c.set('via', spec.form && (spec.form.only || mediaType(c) === FORM_TYPE) ? 'form' : 'json');
    await next();
  };

  const read: Step = async (c, next) => {
    const body = await readBounded(c.req.raw, MAX_BODY_BYTES);
    c.set('body', body);
    if (c.var.via === 'form') c.set('formBody', await typedFields(c, body));
    // The validator reads the bytes read here, never the network again: the request is given them back as its body, as
    // hono/body-limit hands on a request (no write into Hono's undocumented body cache).
    c.req.raw = new Request(c.req.raw, { body: body.bytes });
    await next();
  };

  // Before anything else is asked of it: an oversized body is a 413 whatever its type.
  const size: Step = async (c, next) => {
    if (c.var.body.tooLarge) return refuse(c, REFUSALS.payloadTooLarge);
    await next();
  };

  const rateLimit: Step = async (c, next) => {
    if (!(await withinRateLimit(c, spec.type))) return refuse(c, REFUSALS.rateLimited);
    await next();
  };

  const ownOrigin: Step = async (c, next) => {
    if (c.var.via === 'form' && !fromOwnOrigin(c)) return refuse(c, REFUSALS.foreignForm);
    await next();
  };

  const mediaTypes: Step = async (c, next) => {
    if (c.var.via === 'json' && mediaType(c) !== 'application/json') {
      return refuse(c, spec.form ? REFUSALS.unsupportedJsonOrForm : REFUSALS.unsupportedJson);
    }
    if (c.var.via === 'form' && mediaType(c) !== FORM_TYPE) return refuse(c, REFUSALS.unsupportedForm);
    await next();
  };

  const readable: Step = async (c, next) => {
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

  const hook: Hook<z.output<S>, LeadEnv, string, Via, object, S> = (result, c) => {
    // Before anything else: a bot is answered like a person whatever it sent, valid or not.
    if (isHoneypotFilled(result.data)) return spec.decoy(c, result.data as Record<string, unknown>);
    if (!result.success) return refuse(c, validationFailed(fieldErrors(result.error)));
  };
  const validator = (target: Via) => zValidator<S, Via, LeadEnv, string, typeof hook>(target, spec.schema, hook);
  const validators = { json: validator('json'), form: spec.form ? validator('form') : undefined };
  const validate: Step = (c, next) => (c.var.via === 'form' ? validators.form! : validators.json)(c, next);

  const accept: Step = (c) => handle(c, (c.req as unknown as { valid(target: Via): z.output<S> }).valid(c.var.via));

  return [via, read, size, rateLimit, ownOrigin, mediaTypes, readable, validate, accept];
}
