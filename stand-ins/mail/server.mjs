#!/usr/bin/env node
// A Resend-compatible mail catcher for offline development and tests.
//   POST /emails          Resend's send-email call, answers { id }. A repeated Idempotency-Key with the same body
//                         answers the first id (a replay, as Resend does); with a different body 409.
//   GET  /emails          { data: [captured e-mails, oldest first] }
//   DELETE /emails        forget everything (also POST /__reset)
//   GET  /                a plain page to read captured e-mails
// No switch: a send fails or waits by the tags in the local part of any address it carries (to, cc, bcc or reply_to,
// so a lead's business copy, which replies to the customer, goes the customer's way), for that test's sends alone:
//   ada+fail@…           every send fails (500)
//   ada+failtimes3@…     the first 3 sends carrying the address fail, later ones go through (+failonce: the first)
//   ada+slow8s@…         the answer waits 8 s first (+slow500ms: half a second); tags combine: ada+slow8s+failonce@…
//   ada+slowonce11s@…    only the first send carrying the address waits (11 s)
// Port: --port N, env MAIL_CATCHER_PORT, default 8791.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { escapeHtml, listen, portFrom, readJson, sendHtml, sendJson } from '../lib.mjs';

const TAG = /^(?:fail(?:once|times(\d+))?|slow(once)?(\d+)(ms|s))$/;
const recipients = (value) => (Array.isArray(value) ? value : [value]).filter(Boolean).map(String);
/** The tags after '+' in an address's local part ('Ada <ada+fail@example.com>' too). */
const tagsOf = (address) => (/<([^>]*)>/.exec(address)?.[1] ?? address).split('@')[0].toLowerCase().split('+').slice(1);

export function createMailCatcher() {
  /** @type {Array<Record<string, unknown>>} */
  let emails = [];
  const byKey = new Map();
  /** Failed sends so far per address, for +failtimesN. */
  const failures = new Map();
  /** Addresses whose +slowonce send has waited. */
  const slowed = new Set();

  /** What the tags of the addresses a send carries ask of it: how long to wait, and whether to fail. */
  function reservedOutcome(raw) {
    const addresses = new Set([raw.to, raw.cc, raw.bcc, raw.reply_to].flatMap(recipients).map((a) => a.toLowerCase()));
    let delayMs = 0;
    let fail = false;
    for (const address of addresses) {
      for (const tag of tagsOf(address)) {
        const found = TAG.exec(tag);
        if (!found) continue;
        if (found[3]) {
          if (found[2] && slowed.has(address)) continue;
          if (found[2]) slowed.add(address);
          delayMs = Math.max(delayMs, Number(found[3]) * (found[4] === 's' ? 1000 : 1));
          continue;
        }
        const times = tag === 'fail' ? Infinity : tag === 'failonce' ? 1 : Number(found[1]);
        const failed = failures.get(address) ?? 0;
        if (failed < times) {
          failures.set(address, failed + 1);
          fail = true;
        }
      }
    }
    return { delayMs, fail };
  }

  function page() {
    const rows = emails
      .slice()
      .reverse()
      .map(
        (e) => `<article>
  <h2>${escapeHtml(e.subject)}</h2>
  <p><b>From</b> ${escapeHtml(e.from)} · <b>To</b> ${escapeHtml(recipients(e.to).join(', '))}${e.reply_to ? ` · <b>Reply-To</b> ${escapeHtml(recipients(e.reply_to).join(', '))}` : ''}</p>
  <p><small>${escapeHtml(e.created_at)} · id ${escapeHtml(e.id)} · Idempotency-Key ${escapeHtml(e.idempotencyKey ?? '(none)')}${e.replayOf ? ' · replay' : ''}</small></p>
  <iframe sandbox title="${escapeHtml(e.subject)}" srcdoc="${escapeHtml(e.html ?? `<pre>${escapeHtml(e.text)}</pre>`)}"></iframe>
</article>`,
      )
      .join('\n');
    return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Captured e-mails (${emails.length})</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}iframe{width:100%;height:24rem;border:1px solid #eee}</style>
</head><body><h1>Captured e-mails (${emails.length})</h1><p>Newest first. Nothing here was really sent: this is the local Resend stand-in.</p>${rows || '<p>No e-mails yet.</p>'}</body></html>`;
  }

  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (url.pathname === '/__control') {
        return sendJson(res, 410, {
          statusCode: 410,
          name: 'gone',
          message: 'No switch any more: send to a tagged address (ada+fail@…, +failtimes3, +slow8s: stand-ins/mail/server.mjs).',
        });
      }
      if ((url.pathname === '/__reset' && req.method === 'POST') || (url.pathname === '/emails' && req.method === 'DELETE')) {
        emails = [];
        byKey.clear();
        failures.clear();
        slowed.clear();
        return sendJson(res, 200, { ok: true });
      }
      if (url.pathname === '/emails' && req.method === 'GET') return sendJson(res, 200, { object: 'list', data: emails });
      if (url.pathname === '/' && req.method === 'GET') return sendHtml(res, 200, page());
      if (url.pathname === '/emails' && req.method === 'POST') {
        if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) {
          return sendJson(res, 401, { statusCode: 401, name: 'missing_api_key', message: 'Missing API key in the authorization header' });
        }
        const raw = await readJson(req);
        const to = recipients(raw.to);
        const reserved = reservedOutcome(raw);
        if (reserved.delayMs) await new Promise((resolve) => setTimeout(resolve, reserved.delayMs));
        if (reserved.fail) {
          return sendJson(res, 500, { statusCode: 500, name: 'application_error', message: 'A reserved address: this send fails.' });
        }
        if (!raw.from || to.length === 0 || !raw.subject || (!raw.html && !raw.text)) {
          return sendJson(res, 422, {
            statusCode: 422,
            name: 'validation_error',
            message: 'from, to, subject and html or text are required.',
          });
        }
        const key = req.headers['idempotency-key'];
        const fingerprint = JSON.stringify(raw);
        if (key && byKey.has(key)) {
          const first = byKey.get(key);
          if (first.fingerprint !== fingerprint) {
            return sendJson(res, 409, {
              statusCode: 409,
              name: 'invalid_idempotent_request',
              message: 'Same idempotency key used with a different request payload.',
            });
          }
          emails.push({ ...first.email, replayOf: first.email.id, created_at: new Date().toISOString() });
          return sendJson(res, 200, { id: first.email.id });
        }
        const email = { ...raw, id: randomUUID(), idempotencyKey: key ?? null, created_at: new Date().toISOString() };
        emails.push(email);
        if (key) byKey.set(key, { fingerprint, email });
        return sendJson(res, 200, { id: email.id });
      }
      return sendJson(res, 404, { statusCode: 404, name: 'not_found', message: 'The requested endpoint does not exist.' });
    } catch (error) {
      return sendJson(res, 400, { statusCode: 400, name: 'invalid_json', message: String(error?.message ?? error) });
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = portFrom(process.argv, 'MAIL_CATCHER_PORT', 8791);
  const server = await listen(createMailCatcher(), port, 'Mail catcher (Resend stand-in)');
  console.log(`Read captured e-mails at http://127.0.0.1:${server.address().port}/`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
}
