/** One send through the resend SDK: the outbox's consumer and the give-up alert are its only callers. */
import { Resend } from 'resend';
import type { Env } from '../env';
import { config } from './config';
import type { EmailPayload } from './email-draft';
import { headerSafe } from './escape';

const SEND_TIMEOUT_MS = 10_000;

/** `id` is null when an earlier attempt sent it (the provider's id is then unknown). */
export type SendOutcome = { ok: true; id: string | null } | { ok: false; error: string };

/** Explicit baseUrl: the SDK's env fallback does not exist in workerd. */
export async function sendEmail(env: Env, payload: EmailPayload, idempotencyKey: string): Promise<SendOutcome> {
  const { apiKey, baseUrl } = config(env).resend;
  if (!apiKey) return { ok: false, error: 'RESEND_API_KEY is not set' };
  const resend = new Resend(apiKey, { baseUrl });
  const message = {
    from: headerSafe(payload.from, 254),
    to: headerSafe(payload.to, 254),
    subject: headerSafe(payload.subject, 200),
    html: payload.html,
    text: payload.text,
    ...(payload.replyTo ? { replyTo: headerSafe(payload.replyTo, 254) } : {}),
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<SendOutcome>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, error: 'Resend did not answer in time' }), SEND_TIMEOUT_MS);
    });
    const send = resend.emails.send(message, { idempotencyKey }).then(({ data, error }): SendOutcome => {
      // Each attempt writes a new link, so an attempt that reached Resend but timed out here is refused as a
      // different request under the same key: that e-mail went out (its link's token is stored), so it counts as sent.
      if (error?.name === 'invalid_idempotent_request') return { ok: true, id: null };
      if (error || !data) return { ok: false, error: headerSafe(error?.message ?? 'Resend answered without an id', 500) };
      return { ok: true, id: data.id };
    });
    return await Promise.race([send, timeout]);
  } catch (error) {
    return { ok: false, error: headerSafe(error instanceof Error ? error.message : String(error), 500) };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}
