/** Every refusal is an ApiError (the shape the browser reads) with a status; a plain form post gets it as an HTML page instead. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiError, ApiErrorBody } from '~/lib/api';

export const MAX_BODY_BYTES = 32 * 1024;
/** The period configured on every `ratelimits` binding in wrangler.jsonc (Cloudflare allows 10 or 60). */
export const RATE_LIMIT_PERIOD_SECONDS = 60;

export interface Refusal {
  status: ContentfulStatusCode;
  error: ApiError;
  headers?: Record<string, string>;
}

const refusal = (status: ContentfulStatusCode, code: string, message: string, headers?: Record<string, string>): Refusal => ({
  status,
  error: { code, message },
  ...(headers ? { headers } : {}),
});

export const REFUSALS = {
  rateLimited: refusal(429, 'rate_limited', 'Too many requests. Please wait a minute and try again.', {
    'Retry-After': String(RATE_LIMIT_PERIOD_SECONDS),
  }),
  /** Only ever rendered as a form post's page: JSON callers are not asked where they come from. */
  foreignForm: refusal(403, 'foreign_origin', 'This form can only be sent from our website.'),
  payloadTooLarge: refusal(413, 'payload_too_large', `The request is larger than ${MAX_BODY_BYTES / 1024} KB.`),
  unsupportedJson: refusal(415, 'unsupported_media_type', 'Send JSON (application/json).'),
  unsupportedJsonOrForm: refusal(415, 'unsupported_media_type', 'Send JSON (application/json) or a form post.'),
  unsupportedForm: refusal(415, 'unsupported_media_type', 'Please send the form from our website.'),
  notUtf8: refusal(400, 'invalid_body', 'The request is not valid UTF-8 text.'),
  unreadableForm: refusal(400, 'invalid_body', 'Please send the form from our website.'),
  invalidJson: refusal(400, 'invalid_json', 'The request body is not valid JSON.'),
  notAnObject: refusal(400, 'invalid_body', 'The request body must be a JSON object.'),
  postOnly: refusal(405, 'method_not_allowed', 'Use POST for this endpoint.', { Allow: 'POST' }),
  getOnly: refusal(405, 'method_not_allowed', 'Use GET for this endpoint.', { Allow: 'GET' }),
  notFound: refusal(404, 'not_found', 'There is no API endpoint at this address.'),
  internal: refusal(500, 'internal_error', 'Something went wrong on our side. Please try again.'),
} as const;

export function validationFailed(fields: Record<string, string>): Refusal {
  return { status: 400, error: { code: 'validation_failed', message: 'Please check the highlighted fields.', fields } };
}

export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  fields?: Record<string, string>,
  headers?: Record<string, string>,
): Response {
  const body: ApiErrorBody = { error: { code, message, ...(fields ? { fields } : {}) } };
  return c.json(body, status, headers);
}

export function refusalJson(c: Context, { status, error, headers }: Refusal): Response {
  return jsonError(c, status, error.code, error.message, error.fields, headers);
}

/** Post/redirect/get. Its Location carries a query (a form's id, a reference): kept by no cache. */
export const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
