import type { Context } from 'hono';
import type { AppBindings } from '../env';
import { jsonError } from './http';

export const MAX_BODY_BYTES = 32 * 1024;

export type BodyKind = 'json' | 'form';

export type BodyResult =
  { ok: true; kind: BodyKind; data: Record<string, unknown> } | { ok: false; status: 400 | 413 | 415; code: string; message: string };

function mediaType(c: Context<AppBindings>): string {
  return (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Reads at most MAX_BODY_BYTES; a longer body (whatever Content-Length claims) is refused unread. */
async function readLimited(request: Request): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > MAX_BODY_BYTES) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * JSON always; a plain HTML form post (application/x-www-form-urlencoded) only where `allowForm` says so.
 * The body must be an object: a string, number, array or null is a 400.
 */
export async function readBody(c: Context<AppBindings>, { allowForm = false } = {}): Promise<BodyResult> {
  const type = mediaType(c);
  const kind: BodyKind | null =
    type === 'application/json' ? 'json' : allowForm && type === 'application/x-www-form-urlencoded' ? 'form' : null;
  if (!kind) {
    return {
      ok: false,
      status: 415,
      code: 'unsupported_media_type',
      message: allowForm ? 'Send JSON (application/json) or a form post.' : 'Send JSON (application/json).',
    };
  }
  const bytes = await readLimited(c.req.raw);
  if (!bytes)
    return { ok: false, status: 413, code: 'payload_too_large', message: `The request is larger than ${MAX_BODY_BYTES / 1024} KB.` };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, status: 400, code: 'invalid_body', message: 'The request is not valid UTF-8 text.' };
  }
  if (kind === 'form') {
    const data: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(text)) if (!(key in data)) data[key] = value;
    return { ok: true, kind, data };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { ok: false, status: 400, code: 'invalid_body', message: 'The request body must be a JSON object.' };
  }
  return { ok: true, kind, data: parsed as Record<string, unknown> };
}

export function bodyError(c: Context<AppBindings>, result: Extract<BodyResult, { ok: false }>): Response {
  return jsonError(c, result.status, result.code, result.message);
}

/** 405 with Allow: POST, for any other method on a POST-only endpoint. */
export function postOnly(c: Context<AppBindings>): Response {
  return jsonError(c, 405, 'method_not_allowed', 'Use POST for this endpoint.', undefined, { Allow: 'POST' });
}

export function validationFailed(c: Context<AppBindings>, fields: Record<string, string>): Response {
  return jsonError(c, 400, 'validation_failed', 'Please check the highlighted fields.', fields);
}
