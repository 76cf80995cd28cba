import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The error body every endpoint answers with: `{ error: { code, message, fields? } }`. */
export interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  fields?: Record<string, string>,
  headers?: Record<string, string>,
): Response {
  const error: ApiError = fields ? { code, message, fields } : { code, message };
  return c.json({ error }, status, headers);
}
