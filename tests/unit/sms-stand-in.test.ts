/**
 * The SMS stand-in (stand-ins/sms/server.mjs) speaks Twilio's Messages API, asked through the Worker's own client
 * (functions/lib/sms.ts) over real HTTP; its callbacks and inbound texts go to a small receiver here, which checks each
 * signature with the client's verifier. Expected values from Twilio's documentation: the signature example of its
 * security guide, the error codes (21211 invalid 'To', 21610 unsubscribed, 20003 authentication), a message created
 * queued (accepted through a Messaging Service, num_segments '0' until a sender is picked), callbacks sent then
 * delivered, STOP opting a number out.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSmsStandIn,
  STAND_IN_ACCOUNT_SID,
  STAND_IN_AUTH_TOKEN,
  STAND_IN_MESSAGING_SERVICE_SID,
  STAND_IN_NUMBER,
  twilioSignature,
} from '../../stand-ins/sms/server.mjs';
import { getSms, listSms, sendSms, verifiedSmsPost, verifySmsSignature, type SmsSettings } from '../../functions/lib/sms';
import { reservedMobile, testMobile } from '../shared/stand-ins';
import { textFromPhone, textsTo, waitForTexts } from '../shared/sms';

interface Posted {
  url: string;
  params: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** What the client's verifier made of it, as the Worker's route would. */
  verified: boolean;
}

let standIn: Server;
let receiver: Server;
let smsUrl = '';
let hooks = '';
const posted: Posted[] = [];

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const url = `${hooks}${req.url}`;
    // The Worker's route would hand verifiedSmsPost() its Request: the same here, from Node's request.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const request = new Request(url, { method: 'POST', headers: req.headers as Record<string, string>, body });
      const params = await verifiedSmsPost(request, STAND_IN_AUTH_TOKEN);
      posted.push({ url, params: new URLSearchParams(body), headers: req.headers, verified: params !== null });
      res.writeHead(params ? 200 : 403, { 'content-type': 'text/xml' }).end('<Response/>');
    });
  });
  hooks = `http://127.0.0.1:${await listen(receiver)}`;
  standIn = createSmsStandIn({ inboundUrl: `${hooks}/sms/inbound` });
  smsUrl = `http://127.0.0.1:${await listen(standIn)}`;
});

afterAll(async () => {
  await new Promise((resolve) => standIn.close(resolve));
  await new Promise((resolve) => receiver.close(resolve));
});

const settings = (): SmsSettings => ({
  apiUrl: smsUrl,
  accountSid: STAND_IN_ACCOUNT_SID,
  authToken: STAND_IN_AUTH_TOKEN,
  from: STAND_IN_NUMBER,
  messagingServiceSid: undefined,
});
const callback = (key: string) => `${hooks}/sms/status?key=${encodeURIComponent(key)}`;

/** The status callbacks posted for `key`, once `count` have come, in the order they came. */
async function callbacksFor(key: string, count: number): Promise<Posted[]> {
  const mine = () => posted.filter((p) => p.url === callback(key));
  await expect.poll(() => mine().length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(count);
  return mine();
}

describe("Twilio's signature", () => {
  it("signs and verifies Twilio's own example (its security guide: token 12345)", async () => {
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(await verifySmsSignature('12345', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(true);
    expect(await verifySmsSignature('12345', url, { ...params, Digits: '1235' }, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(await verifySmsSignature('12345', `${url}&x=1`, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(await verifySmsSignature('54321', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(await verifySmsSignature('12345', url, params, 'not base64!')).toBe(false);
    expect(await verifySmsSignature('12345', url, params, undefined)).toBe(false);
  });
});

describe('sending a text', () => {
  it('answers queued with the segments counted, then posts sent and delivered, each signed', async () => {
    const to = testMobile();
    const sent = await sendSms(settings(), { to, body: 'Your crew is on the way: about 10:30.', statusCallback: callback(to) });
    if (!sent.ok) throw new Error(sent.refusal.message);
    expect(sent.message).toMatchObject({
      to,
      from: STAND_IN_NUMBER,
      status: 'queued',
      direction: 'outbound-api',
      num_segments: '1',
      error_code: null,
    });
    expect(sent.message.sid).toMatch(/^SM[0-9a-f]{32}$/);

    const callbacks = await callbacksFor(to, 2);
    expect(callbacks.map((c) => c.params.get('MessageStatus'))).toEqual(['sent', 'delivered']);
    expect(callbacks.every((c) => c.verified)).toBe(true);
    expect(Object.fromEntries(callbacks[0]!.params)).toMatchObject({
      MessageSid: sent.message.sid,
      SmsSid: sent.message.sid,
      SmsStatus: 'sent',
      AccountSid: STAND_IN_ACCOUNT_SID,
      From: STAND_IN_NUMBER,
      To: to,
      ApiVersion: '2010-04-01',
    });
    expect(callbacks[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');

    const now = await getSms(settings(), sent.message.sid);
    expect(now.ok && now.message.status).toBe('delivered');
    const listed = await listSms(settings(), { to });
    expect(listed.ok && listed.messages.map((m) => m.sid)).toEqual([sent.message.sid]);
    // The stand-in records the Worker's answer to each callback once it has come.
    const [captured] = await waitForTexts(smsUrl, to, { where: (text) => text.callbacks.length === 2 });
    expect(captured!.callbacks.map((c) => [c.status, c.response])).toEqual([
      ['sent', 200],
      ['delivered', 200],
    ]);
  });

  it('a forged callback is refused by the verifier', async () => {
    const to = testMobile();
    const sent = await sendSms(settings(), { to, body: 'Hello', statusCallback: callback(to) });
    const [real] = await callbacksFor(to, 1);
    const params = new URLSearchParams(real!.params);
    params.set('MessageStatus', 'delivered');
    const forged = new Request(real!.url, {
      method: 'POST',
      headers: { 'x-twilio-signature': String(real!.headers['x-twilio-signature']) },
      body: params,
    });
    expect(await verifiedSmsPost(forged, STAND_IN_AUTH_TOKEN)).toBeNull();
    expect(sent.ok).toBe(true);
  });

  it('counts segments as Twilio does, and SmartEncoded keeps curly quotes out of UCS-2', async () => {
    const long = await sendSms(settings(), { to: testMobile(), body: 'a'.repeat(161) });
    expect(long.ok && long.message.num_segments).toBe('2');
    const curly = await sendSms(settings(), { to: testMobile(), body: `We’re on our way${'.'.repeat(60)}` });
    expect(curly.ok && curly.message.num_segments).toBe('2');
    const encoded = await sendSms(settings(), { to: testMobile(), body: `We’re on our way${'.'.repeat(60)}`, smartEncoded: true });
    expect(encoded.ok && [encoded.message.num_segments, encoded.message.body.slice(0, 5)]).toEqual(['1', "We're"]);
  });

  it('through a Messaging Service: accepted without a sender, then queued, sent, delivered', async () => {
    const to = testMobile();
    const sent = await sendSms(
      { ...settings(), messagingServiceSid: STAND_IN_MESSAGING_SERVICE_SID },
      { to, body: 'Hi', statusCallback: callback(to) },
    );
    expect(sent.ok && sent.message).toMatchObject({
      status: 'accepted',
      from: null,
      num_segments: '0',
      messaging_service_sid: STAND_IN_MESSAGING_SERVICE_SID,
    });
    const callbacks = await callbacksFor(to, 3);
    expect(callbacks.map((c) => c.params.get('MessageStatus'))).toEqual(['queued', 'sent', 'delivered']);
    expect(callbacks[0]!.params.get('MessagingServiceSid')).toBe(STAND_IN_MESSAGING_SERVICE_SID);
  });
});

describe("refusals in Twilio's shapes", () => {
  it('an invalid number is 21211; a missing body 21602; a sender not ours 21606', async () => {
    const bad = await sendSms(settings(), { to: '07700900123', body: 'Hi' });
    expect(bad.ok || bad.refusal).toMatchObject({ status: 400, code: 21211, invalidNumber: true, retryable: false });
    const short = await sendSms(settings(), { to: '+44770090012', body: 'Hi' });
    expect(short.ok || short.refusal.code).toBe(21211);
    expect((await sendSms(settings(), { to: testMobile(), body: '' })).ok || 'refused').toBe('refused');
    const stranger = await sendSms({ ...settings(), from: '+447911123456' }, { to: testMobile(), body: 'Hi' });
    expect(stranger.ok || stranger.refusal.code).toBe(21606);
    const alphanumeric = await sendSms({ ...settings(), from: 'Shiftly' }, { to: testMobile(), body: 'Hi' });
    expect(alphanumeric.ok && alphanumeric.message.from).toBe('Shiftly');
  });

  it('the raw answer is Twilio’s JSON error; wrong credentials are 20003', async () => {
    const response = await fetch(`${smsUrl}/2010-04-01/Accounts/${STAND_IN_ACCOUNT_SID}/Messages.json`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${STAND_IN_ACCOUNT_SID}:${STAND_IN_AUTH_TOKEN}`)}` },
      body: new URLSearchParams({ To: 'nope', From: STAND_IN_NUMBER, Body: 'Hi' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 21211,
      message: "Invalid 'To' Phone Number: nope",
      more_info: 'https://www.twilio.com/docs/errors/21211',
      status: 400,
    });
    const wrong = await sendSms({ ...settings(), authToken: 'wrong' }, { to: testMobile(), body: 'Hi' });
    expect(wrong.ok || wrong.refusal).toMatchObject({ status: 401, code: 20003, retryable: false });
  });

  it('a Worker without the account, its token or a sender sends nothing and says which setting is missing', async () => {
    const to = testMobile();
    const noToken = await sendSms({ ...settings(), authToken: undefined }, { to, body: 'Hi' });
    expect(noToken.ok || noToken.refusal).toMatchObject({
      status: 0,
      retryable: false,
      message: 'SMS_ACCOUNT_SID and SMS_AUTH_TOKEN are not set',
    });
    const noSender = await sendSms({ ...settings(), from: undefined }, { to, body: 'Hi' });
    expect(noSender.ok || noSender.refusal).toMatchObject({
      status: 0,
      retryable: false,
      message: 'Neither SMS_FROM nor SMS_MESSAGING_SERVICE_SID is set',
    });
    const listed = await listSms(settings(), { to });
    expect(listed.ok && listed.messages).toEqual([]);
    expect(await verifySmsSignature(undefined, 'https://example.test/', {}, 'c2lnbmF0dXJl')).toBe(false);
  });
});

describe('inbound texts and STOP', () => {
  it('a text from a phone reaches the inbound webhook signed; STOP opts the number out (21610) and START back in', async () => {
    const phone = testMobile();
    expect((await sendSms(settings(), { to: phone, body: 'Your move is tomorrow.' })).ok).toBe(true);

    const stop = await textFromPhone(smsUrl, phone, 'STOP');
    expect(stop).toMatchObject({ delivered: true, status: 200 });
    const inbound = posted.find((p) => p.params.get('MessageSid') === stop.sid)!;
    expect(inbound.url).toBe(`${hooks}/sms/inbound`);
    expect(inbound.verified).toBe(true);
    expect(Object.fromEntries(inbound.params)).toMatchObject({
      From: phone,
      To: STAND_IN_NUMBER,
      Body: 'STOP',
      OptOutType: 'STOP',
      SmsStatus: 'received',
      AccountSid: STAND_IN_ACCOUNT_SID,
      NumSegments: '1',
      FromCountry: 'GB',
    });

    const refused = await sendSms(settings(), { to: phone, body: 'Your crew is on the way.' });
    expect(refused.ok || refused.refusal).toMatchObject({ status: 400, code: 21610, optedOut: true, retryable: false });
    expect((await textsTo(smsUrl, phone)).map((t) => t.body)).toEqual(['Your move is tomorrow.']);

    expect((await textFromPhone(smsUrl, phone, 'start')).delivered).toBe(true);
    expect((await sendSms(settings(), { to: phone, body: 'Welcome back.' })).ok).toBe(true);
  });

  it('an ordinary reply has no OptOutType', async () => {
    const phone = testMobile();
    const reply = await textFromPhone(smsUrl, phone, 'Thanks, see you then');
    const inbound = posted.find((p) => p.params.get('MessageSid') === reply.sid)!;
    expect(inbound.params.get('Body')).toBe('Thanks, see you then');
    expect(inbound.params.has('OptOutType')).toBe(false);
  });
});

describe('reserved numbers fail for their own texts only', () => {
  it('undelivered after sent (30003); failed (30001)', async () => {
    const gone = reservedMobile('undelivered');
    await sendSms(settings(), { to: gone, body: 'Hi', statusCallback: callback(gone) });
    const undelivered = await callbacksFor(gone, 2);
    expect(undelivered.map((c) => [c.params.get('MessageStatus'), c.params.get('ErrorCode')])).toEqual([
      ['sent', null],
      ['undelivered', '30003'],
    ]);
    const lost = reservedMobile('failed');
    const sent = await sendSms(settings(), { to: lost, body: 'Hi', statusCallback: callback(lost) });
    const [failed] = await callbacksFor(lost, 1);
    expect([failed!.params.get('MessageStatus'), failed!.params.get('ErrorCode')]).toEqual(['failed', '30001']);
    const now = sent.ok ? await getSms(settings(), sent.message.sid) : null;
    expect(now?.ok && [now.message.status, now.message.error_code]).toEqual(['failed', 30001]);
  });

  it('down answers 500 every time; busy refuses each body N times (429), then takes it; opted out is 21610', async () => {
    const down = await sendSms(settings(), { to: reservedMobile('down'), body: 'Hi' });
    expect(down.ok || down.refusal).toMatchObject({ status: 500, code: 20500, retryable: true });
    const busy = reservedMobile('busy', 2);
    const tries = [];
    for (let i = 0; i < 3; i++) tries.push(await sendSms(settings(), { to: busy, body: 'Same text' }));
    expect(tries.map((t) => (t.ok ? 201 : t.refusal.status))).toEqual([429, 429, 201]);
    // Another body to the same number has its own count.
    expect((await sendSms(settings(), { to: busy, body: 'Other text' })).ok).toBe(false);
    const optedOut = await sendSms(settings(), { to: reservedMobile('optedOut'), body: 'Hi' });
    expect(optedOut.ok || optedOut.refusal.code).toBe(21610);
    // The stand-in's own number is in the range and is an ordinary recipient.
    expect((await sendSms(settings(), { to: '+447700900099', body: 'Hi' })).ok).toBe(true);
  });

  it('slow answers after N seconds', async () => {
    const started = Date.now();
    const slow = await sendSms(settings(), { to: reservedMobile('slow', 1), body: 'Hi' });
    expect(slow.ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });
});

describe('the readable page', () => {
  it('lists what was sent, newest first, with its status', async () => {
    const to = testMobile();
    await sendSms(settings(), { to, body: 'Page <check> & co' });
    const page = await (await fetch(`${smsUrl}/`)).text();
    expect(page).toContain('<h1>Text messages (');
    expect(page).toContain('Page &lt;check&gt; &amp; co');
    expect(page).toContain(to);
  });
});

describe('wrangler.jsonc', () => {
  it("the test environment names the stand-in's made-up account and number", () => {
    const { config } = ts.parseConfigFileTextToJson('wrangler.jsonc', readFileSync('wrangler.jsonc', 'utf8'));
    expect(config.env.test.vars).toMatchObject({
      SMS_ACCOUNT_SID: STAND_IN_ACCOUNT_SID,
      SMS_AUTH_TOKEN: STAND_IN_AUTH_TOKEN,
      SMS_FROM: STAND_IN_NUMBER,
    });
  });
});
