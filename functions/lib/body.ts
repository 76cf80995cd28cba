// A request body is read once, to a limit, and what lies past the limit is read and dropped rather than left unread: an
// answer sent while the sender is still uploading resets its connection (and wrangler dev answers 500 with a stack trace).
import type { Context, MiddlewareHandler } from 'hono';

export interface ReadBody {
  bytes: Uint8Array<ArrayBuffer>;
  tooLarge: boolean;
}

/** Cloudflare refuses larger bodies before the Worker sees them; past this an endless stream is cut off. */
const DRAIN_LIMIT = 100 * 1024 * 1024;

/** The first `limit` bytes; the rest is read to the end (up to DRAIN_LIMIT) and dropped. */
export async function readBounded(request: Request, limit: number): Promise<ReadBody> {
  if (!request.body || request.bodyUsed) return { bytes: new Uint8Array(), tooLarge: false };
  const reader = request.body.getReader();
  const kept = new Uint8Array(limit);
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size < limit) kept.set(value.subarray(0, limit - size), size);
    size += value.byteLength;
    if (size > DRAIN_LIMIT) {
      await reader.cancel();
      break;
    }
  }
  return { bytes: kept.slice(0, Math.min(size, limit)), tooLarge: size > limit };
}

/** An answer given before the body was read: the body is read to the end first and kept nowhere. */
export async function drained(c: Context, answer: () => Response | Promise<Response>): Promise<Response> {
  await readBounded(c.req.raw, 0);
  return answer();
}

/**
 * The most of a body to keep: `limit`, or less when the request declares a smaller length, so that a small post does not
 * hold a buffer of the largest one (a longer body than declared counts as too large).
 */
export function keptAtMost(c: Context, limit: number): number {
  const declared = Number(c.req.header('Content-Length'));
  return Number.isSafeInteger(declared) && declared >= 0 ? Math.min(declared, limit) : limit;
}

/** Reads to the end whatever body an answer did not read (a 405, a 404), before the answer goes out. */
export const drainUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  await readBounded(c.req.raw, 0);
};

/** The same request without its body, once the body has been read to the end (for the asset server, which reads none). */
export async function withoutBody(request: Request): Promise<Request> {
  if (!request.body) return request;
  await readBounded(request, 0);
  const headers = new Headers(request.headers);
  headers.delete('Content-Length');
  headers.delete('Transfer-Encoding');
  return new Request(request.url, { method: request.method, headers, redirect: request.redirect });
}
