/**
 * The SMS provider's HTTP API (Twilio's Messages API, issue 44 item 4): the one client the Worker sends texts with and
 * checks the provider's callbacks with. Plain fetch and Web Crypto, so it runs in workerd (Twilio's SDK does not);
 * locally and in tests the provider is stand-ins/sms/server.mjs. Settings: `config(env).sms` (SMS_API_URL,
 * SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM or SMS_MESSAGING_SERVICE_SID).
 *
 * Twilio takes no idempotency key: a send that timed out may have gone, so a caller that retries should first look for
 * it (`listSms({ to })`) or accept that a text may arrive twice. A refusal says whether trying again can help.
 */
import { readBounded } from './body';
import type { Config } from './config';

export type SmsSettings = Config['sms'];

/** The fields of Twilio's Message resource the Worker reads (numbers as Twilio sends them: strings). */
export interface SmsMessage {
  sid: string;
  status: 'accepted' | 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'received' | (string & {});
  to: string;
  /** Null through a Messaging Service until it picks a sender. */
  from: string | null;
  body: string;
  num_segments: string;
  direction: string;
  error_code: number | null;
  error_message: string | null;
  date_created: string;
  date_sent: string | null;
  messaging_service_sid: string | null;
}

export interface SmsRefusal {
  /** The HTTP status, or 0 when no answer came (a network error or the time-out). */
  status: number;
  /** Twilio's error code (21211, 21610…), null without one. */
  code: number | null;
  message: string;
  /** A 429, a 5xx or no answer: the same send may go through later. */
  retryable: boolean;
  /** 21610: the recipient has texted STOP to our number; never send again until they text START. */
  optedOut: boolean;
  /** 21211: not a phone number a text can go to. */
  invalidNumber: boolean;
}

export type SmsResult = { ok: true; message: SmsMessage } | { ok: false; refusal: SmsRefusal };

export interface SmsToSend {
  /** E.164: +447700900123. */
  to: string;
  body: string;
  /** Where Twilio posts each change of status (signed); best with a key of the caller's own in its query. */
  statusCallback?: string;
  /** Twilio replaces curly quotes and the like with GSM characters (smartEncode() in src/lib/sms-segments.ts). */
  smartEncoded?: boolean;
}

const TIMEOUT_MS = 10_000;

/** Thrown (and answered as a refusal) when SMS_ACCOUNT_SID or SMS_AUTH_TOKEN is unset: nothing is sent. */
class NotSetUp extends Error {}

function request(settings: SmsSettings, path: string, init: RequestInit = {}): Promise<Response> {
  const { accountSid, authToken } = settings;
  if (!accountSid || !authToken) throw new NotSetUp('SMS_ACCOUNT_SID and SMS_AUTH_TOKEN are not set');
  const auth = btoa(`${accountSid}:${authToken}`);
  return fetch(`${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}${path}`, {
    ...init,
    headers: { authorization: `Basic ${auth}`, accept: 'application/json', ...init.headers },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

async function refusalOf(response: Response): Promise<SmsRefusal> {
  const answer = (await response.json().catch(() => ({}))) as { code?: number; message?: string };
  const code = typeof answer.code === 'number' ? answer.code : null;
  return {
    status: response.status,
    code,
    message: answer.message ?? `The SMS provider answered ${response.status}.`,
    retryable: response.status === 429 || response.status >= 500,
    optedOut: code === 21610,
    invalidNumber: code === 21211,
  };
}

const unanswered = (error: unknown): SmsRefusal => ({
  status: 0,
  code: null,
  message:
    error instanceof NotSetUp
      ? error.message
      : `The SMS provider did not answer: ${error instanceof Error ? error.message : String(error)}`,
  // Trying again cannot help a Worker without the settings.
  retryable: !(error instanceof NotSetUp),
  optedOut: false,
  invalidNumber: false,
});

/** Sends one text from SMS_FROM (or through the Messaging Service when one is set). */
export async function sendSms(settings: SmsSettings, text: SmsToSend): Promise<SmsResult> {
  const form = new URLSearchParams({ To: text.to, Body: text.body });
  if (settings.messagingServiceSid) form.set('MessagingServiceSid', settings.messagingServiceSid);
  else if (settings.from) form.set('From', settings.from);
  else return { ok: false, refusal: unanswered(new NotSetUp('Neither SMS_FROM nor SMS_MESSAGING_SERVICE_SID is set')) };
  if (text.statusCallback) form.set('StatusCallback', text.statusCallback);
  if (text.smartEncoded) form.set('SmartEncoded', 'true');
  try {
    const response = await request(settings, '/Messages.json', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    if (!response.ok) return { ok: false, refusal: await refusalOf(response) };
    return { ok: true, message: (await response.json()) as SmsMessage };
  } catch (error) {
    return { ok: false, refusal: unanswered(error) };
  }
}

/** One message as the provider has it now. */
export async function getSms(settings: SmsSettings, sid: string): Promise<SmsResult> {
  try {
    const response = await request(settings, `/Messages/${encodeURIComponent(sid)}.json`);
    if (!response.ok) return { ok: false, refusal: await refusalOf(response) };
    return { ok: true, message: (await response.json()) as SmsMessage };
  } catch (error) {
    return { ok: false, refusal: unanswered(error) };
  }
}

/** The newest messages to (or from) a number, newest first: to find a send whose answer was lost before trying again. */
export async function listSms(settings: SmsSettings, { to, from, pageSize = 50 }: { to?: string; from?: string; pageSize?: number }) {
  const query = new URLSearchParams({ PageSize: String(pageSize) });
  if (to) query.set('To', to);
  if (from) query.set('From', from);
  try {
    const response = await request(settings, `/Messages.json?${query}`);
    if (!response.ok) return { ok: false as const, refusal: await refusalOf(response) };
    return { ok: true as const, messages: ((await response.json()) as { messages: SmsMessage[] }).messages };
  } catch (error) {
    return { ok: false as const, refusal: unanswered(error) };
  }
}

const base64Bytes = (text: string): Uint8Array | null => {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
};

/**
 * Whether X-Twilio-Signature is Twilio's for this request: base64 HMAC-SHA1, keyed by the auth token, of the full URL
 * Twilio called (scheme, host, path and query, as `request.url` has it) followed by each POST parameter's name and
 * value, sorted by name. Web Crypto's verify compares in constant time.
 */
export async function verifySmsSignature(
  authToken: string | undefined,
  url: string,
  params: URLSearchParams | Record<string, string>,
  signature: string | null | undefined,
): Promise<boolean> {
  const offered = signature ? base64Bytes(signature) : null;
  if (!offered || !authToken) return false;
  const entries = params instanceof URLSearchParams ? [...params] : Object.entries(params);
  const signed = entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).reduce((text, [name, value]) => text + name + value, url);
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(authToken), { name: 'HMAC', hash: 'SHA-1' }, false, ['verify']);
  return crypto.subtle.verify('HMAC', key, offered, new TextEncoder().encode(signed));
}

/** A status callback or an inbound text is a few hundred bytes; a 1,600-character body with its fields stays far below. */
const MAX_POST_BYTES = 32 * 1024;

/**
 * A status callback or an inbound text, read once (to a limit) and checked: its form parameters when the signature is
 * Twilio's, null otherwise (the route answers 403). Twilio posts application/x-www-form-urlencoded.
 */
export async function verifiedSmsPost(request: Request, authToken: string | undefined): Promise<URLSearchParams | null> {
  const body = await readBounded(request, MAX_POST_BYTES);
  if (body.tooLarge) return null;
  const params = new URLSearchParams(new TextDecoder().decode(body.bytes));
  const valid = await verifySmsSignature(authToken, request.url, params, request.headers.get('x-twilio-signature'));
  return valid ? params : null;
}
