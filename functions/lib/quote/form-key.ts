// The plain quote form's request key. A browser drops its copy of /quote when the form posts there (a POST invalidates
// the cached page at its address), so Back after a submit fetches the page anew: a key kept in a cookie for as long as a
// saved form makes that page carry the key it was first sent with, and the same answers sent again are the same quote.
import { parse, serialize } from 'hono/utils/cookie';
import { PAGE_PATHS } from '~/lib/api';
import { londonToday } from '~/lib/dates';
import { FORM_STATE_MINUTES } from '../form-state';
import { sha256Hex } from '../hash';
import { submissionHash, type QuoteSubmission } from './submission';

const COOKIE = 'shiftly-quote-key';
const KEY_PATTERN = /^quote-form-[\w-]{36}$/;

export const newRequestKey = () => `quote-form-${crypto.randomUUID()}`;

/** The key this browser keeps, if any. */
export function keptKey(request: Request): string | undefined {
  const kept = parse(request.headers.get('Cookie') ?? '', COOKIE)[COOKIE];
  return kept && KEY_PATTERN.test(kept) ? kept : undefined;
}

/** This browser's key, and the `Set-Cookie` that keeps it when it is new (sent only to /quote). */
export function browserKey(request: Request): { key: string; cookie?: string } {
  const kept = keptKey(request);
  if (kept) return { key: kept };
  const key = newRequestKey();
  const cookie = serialize(COOKIE, key, {
    path: PAGE_PATHS.quote,
    maxAge: FORM_STATE_MINUTES * 60,
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(request.url).protocol === 'https:',
  });
  return { key, cookie };
}

/**
 * For answers other than the ones a key was first sent with (changed after Back, or this browser's next quote): a key of
 * their own, the same each time they are sent, so those too are one quote however often they go.
 */
export function keyForOtherAnswers(key: string, submission: QuoteSubmission): Promise<string> {
  return answersKey(key, submission);
}

/**
 * With neither the page's key nor a cookie (cookies off): the answers' own key for the London day, so the same answers
 * sent again that day (Back, then Submit) are one quote.
 */
export function keyForAnswersToday(submission: QuoteSubmission, now: Date): Promise<string> {
  return answersKey(londonToday(now), submission);
}

/** The answers (never their key) hashed under `prefix`. */
async function answersKey(prefix: string, submission: QuoteSubmission): Promise<string> {
  return `quote-form-${(await sha256Hex(`${prefix}|${await submissionHash(submission)}`)).slice(0, 48)}`;
}
