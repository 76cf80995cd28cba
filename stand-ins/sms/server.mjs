#!/usr/bin/env node
// An SMS provider stand-in speaking Twilio's Messages API (2010-04-01) for offline development and tests (issue 44
// item 4): what the Worker's client (functions/lib/sms.ts) asks, answered in Twilio's shapes.
//   POST /2010-04-01/Accounts/{AccountSid}/Messages.json   form-encoded To, From or MessagingServiceSid, Body,
//        StatusCallback, SmartEncoded; HTTP Basic auth with the account SID and auth token. Answers 201 with the
//        message (status queued, or accepted through a Messaging Service), num_segments counted as Twilio counts them
//        (src/lib/sms-segments.ts); errors as Twilio's { code, message, more_info, status }.
//   GET  /2010-04-01/Accounts/{AccountSid}/Messages.json    a page of messages, newest first (To, From, PageSize)
//   GET  /2010-04-01/Accounts/{AccountSid}/Messages/{Sid}.json
// Then, once the answer has gone, the message's StatusCallback gets each change as Twilio posts it (form-encoded,
// signed with X-Twilio-Signature, once each; at the inbound webhook's host, where the local Worker listens): sent, then delivered (or undelivered, or failed: see the reserved
// numbers); through a Messaging Service queued first. The answer comes before the callbacks, so a caller must find the
// message by a key of its own in the StatusCallback URL, not by a sid it has not stored yet.
// For tests and a look by hand (no auth):
//   GET  /__messages          { data: [every message, oldest first, each with its callbacks] }: ?to=, ?from=, ?direction=
//   POST /__inbound           From, Body (To: the stand-in's number): a text from a phone, posted to the inbound
//                             webhook URL as Twilio posts it (signed), answered once the Worker has: { sid, delivered,
//                             status }. STOP (STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) opts the number out of our
//                             number's texts, as Twilio's default handling does (then 21610); START, YES, UNSTOP in again
//                             (Twilio's own confirmation text back to the phone is not kept here)
//   GET  /                    a plain page of every message
// No switch: a test's own recipients in Ofcom's drama range +447700900000 to +447700900999 (never a real phone) pick
// what happens, by the hundreds digit of the last three:
//   +4477009001yz  sent, then undelivered (30003, unreachable handset)
//   +4477009002yz  failed (30001, queue overflow)
//   +4477009003yz  every request answers 500 (20500)
//   +4477009004yN  the first N requests with each body answer 429 (20429, too many requests), then it is accepted
//   +4477009005yz  opted out already: 21610, as after a STOP
//   +4477009006yN  the answer waits N seconds
// Any other valid number (and +4477009000yz, +4477009007yz to 9yz) is delivered. The stand-in's own number is
// +447700900000. Port: --port N, env SMS_STANDIN_PORT, default 8793.
import { createServer } from 'node:http';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { escapeHtml, listen, portFrom, readText, sendHtml, sendJson } from '../lib.mjs';
import { SMS_MAX_CHARACTERS, smartEncode, smsLength } from '../../src/lib/sms-segments.ts';

/** Made-up credentials: the Worker's test environment and `npm start` use these (scripts/lib/stand-ins.mjs). */
export const STAND_IN_ACCOUNT_SID = 'AC5a0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f';
export const STAND_IN_AUTH_TOKEN = 'c0ffee00c0ffee00c0ffee00c0ffee00';
/** The firm's number at the stand-in (also the sender of its Messaging Service). */
export const STAND_IN_NUMBER = '+447700900000';
export const STAND_IN_MESSAGING_SERVICE_SID = 'MG5a0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f';

const API_VERSION = '2010-04-01';
const sid = (prefix) => `${prefix}${randomBytes(16).toString('hex')}`;
const rfc2822 = (date = new Date()) => date.toUTCString().replace('GMT', '+0000');
const E164 = /^\+[1-9]\d{7,14}$/;
/** A UK number is +44 and ten digits. */
const validNumber = (number) => E164.test(number) && (!number.startsWith('+44') || number.length === 13);
/** An alphanumeric sender ID: up to 11 letters, digits and spaces, at least one letter. */
const ALPHANUMERIC_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;
const OPT_OUT = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const OPT_IN = new Set(['START', 'YES', 'UNSTOP']);
const HELP = new Set(['HELP', 'INFO']);

/** Twilio's signature: base64 HMAC-SHA1, keyed by the auth token, of the URL followed by each POST parameter's name and value, sorted by name. */
export function twilioSignature(authToken, url, params) {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** What a reserved recipient (+447700900xyz) asks for; null for any other number. */
function reservedOutcome(to) {
  const found = /^\+447700900(\d)(\d)(\d)$/.exec(to);
  if (!found) return null;
  const [, hundreds, , units] = found;
  return {
    kind: ['ordinary', 'undelivered', 'failed', 'down', 'busy', 'optedout', 'slow'][Number(hundreds)] ?? 'ordinary',
    n: Number(units),
  };
}

const twilioError = (status, code, message) => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

/**
 * @param {{ accountSid?: string, authToken?: string, number?: string, messagingServiceSid?: string,
 *   inboundUrl?: string | (() => string | undefined) }} [options]
 *   inboundUrl: where a text from a phone goes (the Worker's inbound webhook); a function is asked at each text
 */
export function createSmsStandIn({
  accountSid = STAND_IN_ACCOUNT_SID,
  authToken = STAND_IN_AUTH_TOKEN,
  number = STAND_IN_NUMBER,
  messagingServiceSid = STAND_IN_MESSAGING_SERVICE_SID,
  inboundUrl,
} = {}) {
  /** Every message, oldest first: Twilio's fields, with `statusCallback` and `callbacks` kept beside them. */
  const messages = [];
  /** `recipient|our number` pairs that have texted STOP (or are reserved as opted out). */
  const optedOut = new Set();
  /** `recipient|body` → requests refused so far (+4477009004yN). */
  const refusals = new Map();

  const base = `/${API_VERSION}/Accounts/${accountSid}`;

  /**
   * A StatusCallback goes to the Worker that the inbound webhook names: the Worker names itself by SITE_URL, which is not
   * where a local or test Worker listens (tests bind port 0). Its path and query are kept; the signature is over the URL
   * actually called, as Twilio signs the URL it calls.
   */
  function localCallback(url) {
    const target = typeof inboundUrl === 'function' ? inboundUrl() : inboundUrl;
    if (!target) return url;
    const called = new URL(url);
    const worker = new URL(target);
    called.protocol = worker.protocol;
    called.host = worker.host;
    return called.href;
  }

  /** A Message resource as Twilio shows one, with what the stand-in keeps beside it (statusCallback, callbacks). */
  function newMessage(fields) {
    const messageSid = sid('SM');
    const now = rfc2822();
    return {
      account_sid: accountSid,
      api_version: API_VERSION,
      date_created: now,
      date_sent: null,
      date_updated: now,
      error_code: null,
      error_message: null,
      num_media: '0',
      price: null,
      price_unit: 'USD',
      sid: messageSid,
      subresource_uris: { media: `${base}/Messages/${messageSid}/Media.json` },
      uri: `${base}/Messages/${messageSid}.json`,
      statusCallback: null,
      callbacks: [],
      ...fields,
    };
  }
  const publicMessage = ({ statusCallback: _, callbacks: _c, ...message }) => message;

  function authorised(header) {
    const [scheme, encoded] = String(header ?? '').split(' ');
    if (scheme !== 'Basic' || !encoded) return false;
    const given = Buffer.from(encoded, 'base64');
    const expected = Buffer.from(`${accountSid}:${authToken}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  async function post(url, params) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(authToken, url, params),
          'i-twilio-idempotency-token': randomBytes(16).toString('hex'),
          'user-agent': 'TwilioProxy/1.1',
        },
        body: new URLSearchParams(params),
        signal: AbortSignal.timeout(15_000),
      });
      await response.arrayBuffer();
      return response.status;
    } catch (error) {
      return `network: ${error?.message ?? error}`;
    }
  }

  /** Moves a message on and posts the change to its StatusCallback, as Twilio does (once). */
  async function change(message, status, errorCode = null) {
    message.status = status;
    message.date_updated = rfc2822();
    if (status === 'sent') message.date_sent = message.date_updated;
    if (errorCode) {
      message.error_code = errorCode;
      message.error_message = errorCode === 30003 ? 'Unreachable destination handset' : 'Queue overflow';
    }
    if (!message.statusCallback) return;
    const callbackUrl = localCallback(message.statusCallback);
    const params = {
      AccountSid: accountSid,
      ApiVersion: API_VERSION,
      From: message.from,
      MessageSid: message.sid,
      MessageStatus: status,
      SmsSid: message.sid,
      SmsStatus: status,
      To: message.to,
      ...(message.messaging_service_sid ? { MessagingServiceSid: message.messaging_service_sid } : {}),
      ...(errorCode ? { ErrorCode: String(errorCode) } : {}),
      ...(status === 'delivered' ? { RawDlrDoneDate: new Date().toISOString().replace(/\D/g, '').slice(2, 12) } : {}),
    };
    const response = await post(callbackUrl, params);
    message.callbacks.push({ status, response, at: new Date().toISOString() });
  }

  async function progress(message, outcome) {
    if (message.status === 'accepted') {
      // A Messaging Service picks its sender when it queues the message.
      message.from = number;
      message.num_segments = String(smsLength(message.body).segments);
      await change(message, 'queued');
    }
    if (outcome === 'failed') return change(message, 'failed', 30001);
    await change(message, 'sent');
    await (outcome === 'undelivered' ? change(message, 'undelivered', 30003) : change(message, 'delivered'));
  }

  /** The reasons Twilio refuses a send, in its order and words; null when it takes it. */
  function refusal(params) {
    const to = params.get('To');
    const from = params.get('From');
    const service = params.get('MessagingServiceSid');
    const body = params.get('Body');
    if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
    if (!from && !service) return twilioError(400, 21603, "A 'From' phone number is required.");
    if (!body) return twilioError(400, 21602, 'Message body is required.');
    if ([...body].length > SMS_MAX_CHARACTERS)
      return twilioError(400, 21617, `The concatenated message body exceeds the ${SMS_MAX_CHARACTERS} character limit.`);
    if (!validNumber(to)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if (service && service !== messagingServiceSid) return twilioError(400, 21705, 'The Messaging Service is invalid.');
    if (!service && from !== number && !ALPHANUMERIC_SENDER.test(from))
      return twilioError(
        400,
        21606,
        "The 'From' phone number provided is not a valid message-capable Twilio phone number for this destination.",
      );
    const outcome = reservedOutcome(to);
    if (optedOut.has(`${to}|${service ? number : from}`) || outcome?.kind === 'optedout')
      return twilioError(400, 21610, 'Attempt to send to unsubscribed recipient');
    return null;
  }

  async function send(params, res) {
    const outcome = reservedOutcome(params.get('To') ?? '');
    if (outcome?.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, outcome.n * 1000));
    if (outcome?.kind === 'down') return twilioError(500, 20500, 'Internal Server Error');
    if (outcome?.kind === 'busy') {
      const key = `${params.get('To')}|${params.get('Body')}`;
      const refused = refusals.get(key) ?? 0;
      if (refused < outcome.n) {
        refusals.set(key, refused + 1);
        return twilioError(429, 20429, 'Too Many Requests');
      }
    }
    const refused = refusal(params);
    if (refused) return refused;
    const service = params.get('MessagingServiceSid');
    const body = params.get('SmartEncoded') === 'true' ? smartEncode(params.get('Body')) : params.get('Body');
    const message = newMessage({
      body,
      direction: 'outbound-api',
      from: service ? null : params.get('From'),
      messaging_service_sid: service ?? null,
      // Through a Messaging Service, 0 until a sender is picked (Twilio's reference says so).
      num_segments: service ? '0' : String(smsLength(body).segments),
      status: service ? 'accepted' : 'queued',
      to: params.get('To'),
      statusCallback: params.get('StatusCallback') || null,
    });
    messages.push(message);
    // The callbacks start once the answer has gone, as Twilio's come after its answer.
    res.once('finish', () => void progress(message, outcome?.kind));
    return { status: 201, body: publicMessage(message) };
  }

  function page(query) {
    const size = Math.min(1000, Math.max(1, Number(query.get('PageSize') ?? 50) || 50));
    const found = messages
      .filter((m) => (!query.get('To') || m.to === query.get('To')) && (!query.get('From') || m.from === query.get('From')))
      .toReversed();
    const uri = `${base}/Messages.json?PageSize=${size}&Page=0`;
    return {
      status: 200,
      body: {
        end: Math.min(found.length, size) - 1,
        first_page_uri: uri,
        messages: found.slice(0, size).map(publicMessage),
        next_page_uri: null,
        page: 0,
        page_size: size,
        previous_page_uri: null,
        start: 0,
        uri,
      },
    };
  }

  /** A text from a phone to our number, posted to the inbound webhook as Twilio posts it. */
  async function inbound({ From: from, To: to = number, Body: body = '' }) {
    if (!from || !validNumber(from)) return { status: 400, body: { error: 'From must be a phone number in E.164 form (+447…).' } };
    const keyword = body.trim().toUpperCase();
    const optOutType = OPT_OUT.has(keyword) ? 'STOP' : OPT_IN.has(keyword) ? 'START' : HELP.has(keyword) ? 'HELP' : null;
    if (optOutType === 'STOP') optedOut.add(`${from}|${to}`);
    if (optOutType === 'START') optedOut.delete(`${from}|${to}`);
    const message = newMessage({
      body,
      date_sent: rfc2822(),
      direction: 'inbound',
      from,
      messaging_service_sid: messagingServiceSid,
      num_segments: String(smsLength(body).segments),
      status: 'received',
      to,
    });
    messages.push(message);
    const target = typeof inboundUrl === 'function' ? inboundUrl() : inboundUrl;
    if (!target) return { status: 200, body: { sid: message.sid, delivered: false, status: 'no inbound webhook URL configured' } };
    const country = (number) => (number.startsWith('+44') ? 'GB' : '');
    const params = {
      AccountSid: accountSid,
      ApiVersion: API_VERSION,
      Body: body,
      From: from,
      FromCity: '',
      FromCountry: country(from),
      FromState: '',
      FromZip: '',
      MessageSid: message.sid,
      MessagingServiceSid: messagingServiceSid,
      NumMedia: '0',
      NumSegments: message.num_segments,
      SmsMessageSid: message.sid,
      SmsSid: message.sid,
      SmsStatus: 'received',
      To: to,
      ToCity: '',
      ToCountry: country(to),
      ToState: '',
      ToZip: '',
      ...(optOutType ? { OptOutType: optOutType } : {}),
    };
    const response = await post(target, params);
    message.callbacks.push({ status: 'received', response, at: new Date().toISOString() });
    return { status: 200, body: { sid: message.sid, delivered: typeof response === 'number' && response < 300, status: response } };
  }

  function readablePage() {
    const rows = messages
      .toReversed()
      .map(
        (
          m,
        ) => `<tr><td>${escapeHtml(m.date_created)}</td><td>${m.direction === 'inbound' ? 'in' : 'out'}</td><td>${escapeHtml(m.from ?? '(service)')}</td><td>${escapeHtml(m.to)}</td>
<td>${escapeHtml(m.status)}${m.error_code ? ` (${m.error_code})` : ''}${m.callbacks.length ? `<br><small>${m.callbacks.map((c) => `${escapeHtml(c.status)}: ${escapeHtml(c.response)}`).join(', ')}</small>` : ''}</td>
<td>${escapeHtml(m.num_segments)} (${smsLength(m.body).encoding})</td><td>${escapeHtml(m.body)}</td></tr>`,
      )
      .join('\n');
    return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Text messages (${messages.length})</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}td:last-child{white-space:pre-wrap}</style>
</head><body><h1>Text messages (${messages.length})</h1><p>Newest first. Nothing here was really sent: this is the local SMS stand-in (Twilio's Messages API).</p>
${rows ? `<table><caption>Every message, with its status callbacks and the Worker's answers</caption><thead><tr><th scope="col">Created</th><th scope="col">Way</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Status</th><th scope="col">Segments</th><th scope="col">Body</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No messages yet.</p>'}
</body></html>`;
  }

  const formOrJson = (text) => (text.trim().startsWith('{') ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text)));

  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const reply = ({ status, body }) => sendJson(res, status, body);
    try {
      if (url.pathname.startsWith(`/${API_VERSION}/`)) {
        const parts = url.pathname.split('/').filter(Boolean);
        if (!authorised(req.headers.authorization) || parts[2] !== accountSid) {
          res.setHeader('www-authenticate', 'Basic realm="Twilio API"');
          return reply({
            status: 401,
            body: {
              code: 20003,
              detail: 'Your AccountSid or AuthToken was incorrect.',
              message: 'Authenticate',
              more_info: 'https://www.twilio.com/docs/errors/20003',
              status: 401,
            },
          });
        }
        if (req.method === 'POST' && parts[3] === 'Messages.json') return reply(await send(new URLSearchParams(await readText(req)), res));
        if (req.method === 'GET' && parts[3] === 'Messages.json') return reply(page(url.searchParams));
        const found = req.method === 'GET' && parts[3] === 'Messages' && messages.find((m) => `${m.sid}.json` === parts[4]);
        if (found) return reply({ status: 200, body: publicMessage(found) });
        return reply(twilioError(404, 20404, `The requested resource ${url.pathname} was not found`));
      }
      if (req.method === 'GET' && url.pathname === '/__messages') {
        const q = url.searchParams;
        const data = messages.filter(
          (m) =>
            (!q.get('to') || m.to === q.get('to')) &&
            (!q.get('from') || m.from === q.get('from')) &&
            (!q.get('direction') || m.direction === q.get('direction')),
        );
        return reply({ status: 200, body: { object: 'list', data } });
      }
      if (req.method === 'POST' && url.pathname === '/__inbound') return reply(await inbound(formOrJson(await readText(req))));
      if (req.method === 'GET' && url.pathname === '/') return sendHtml(res, 200, readablePage());
      return reply(twilioError(404, 20404, `The requested resource ${url.pathname} was not found`));
    } catch (error) {
      return reply({
        status: 400,
        body: { code: 20001, message: String(error?.message ?? error), more_info: 'https://www.twilio.com/docs/errors/20001', status: 400 },
      });
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = portFrom(process.argv, 'SMS_STANDIN_PORT', 8793);
  const server = await listen(createSmsStandIn({ inboundUrl: process.env.SMS_INBOUND_URL }), port, 'SMS stand-in (Twilio Messages API)');
  console.log(`Read sent texts at http://127.0.0.1:${server.address().port}/`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
}
