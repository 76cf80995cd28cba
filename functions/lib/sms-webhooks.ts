/**
 * The SMS provider's posts to the Worker (issue 44 item 4): each text's status callbacks, and texts from phones to the
 * firm's number. Neither carries a cookie nor comes from a page, so neither is checked for origin: each is taken only
 * with Twilio's signature (X-Twilio-Signature, HMAC-SHA1 keyed by the auth token, compared in constant time by Web
 * Crypto's verify) and refused 403 without it, which is also what limits them.
 */
import type { Context } from 'hono';
import type { AppBindings } from '../env';
import { config } from './config';
import { jsonError } from './http';
import { verifiedSmsPost } from './sms';
import { clearConsentForPhone } from './sms-consent';
import { recordTextStatus } from './sms-outbox';

/** Twilio's own opt-out words (its default handling), as the stand-in knows them. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);

/** An empty TwiML answer: nothing is texted back (Twilio sends its own STOP confirmation). */
const emptyTwiml = () =>
  new Response('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', { headers: { 'Content-Type': 'text/xml; charset=utf-8' } });

const refused = (c: Context<AppBindings>) =>
  jsonError(c, 403, 'bad_signature', 'The X-Twilio-Signature header does not match this request.');

/** POST /api/sms/status?key=…: a text's new status, on its outbox row. */
export async function smsStatus(c: Context<AppBindings>): Promise<Response> {
  const params = await verifiedSmsPost(c.req.raw, config(c.env).sms.authToken);
  if (!params) return refused(c);
  const key = new URL(c.req.url).searchParams.get('key') ?? '';
  const known = await recordTextStatus(c.env.DB, key, params, new Date());
  return known ? c.body(null, 204) : jsonError(c, 404, 'not_found', 'No text has this key.');
}

/** POST /api/sms/inbound: STOP (or the provider's OptOutType STOP) turns texts off for every move with that number. */
export async function smsInbound(c: Context<AppBindings>): Promise<Response> {
  const params = await verifiedSmsPost(c.req.raw, config(c.env).sms.authToken);
  if (!params) return refused(c);
  const from = params.get('From') ?? '';
  const word = (params.get('Body') ?? '').trim().toUpperCase();
  if (from && (params.get('OptOutType') === 'STOP' || STOP_WORDS.has(word))) {
    const turnedOff = await clearConsentForPhone(c.env.DB, from, 'stop', new Date());
    console.log(`STOP from a customer's number: texts turned off for ${turnedOff} move(s)`);
  }
  return emptyTwiml();
}
