import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_PATHS, type QuoteAnswer } from '~/lib/api';
import { londonToday } from '~/lib/dates';
import { ROUTES } from '../shared/routes';
import { POSTCODE_DOWN, POSTCODE_TOO_SLOW, tagged } from '../shared/stand-ins';
import { readPage } from './html';
import { apiBase, call, delivered, emailsTo, emails, inDays, nextWeekday, query, unique, validContact, validQuote } from './helpers';
import { formatMoney, formatPence } from '~/lib/money';

const BUSINESS = 'leads@shiftly.example';

/** The view tokens' hashes D1 keeps for a quote. */
const storedHashes = (reference: string) =>
  query<{ token_hash: string }>('SELECT token_hash FROM quote_view_tokens WHERE reference = ?', reference).map((row) => row.token_hash);
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** The token of a confirmation link (the answer's, or one in an e-mail). */
const tokenIn = (text: string) => /\/quote-confirmation\?ref=[A-Z0-9]{9}&t=([\w-]{32})/.exec(text)?.[1] ?? '';

/** The same day next year (28 February for the 29th): the last day the spec's 12-months-ahead rule allows. */
function sameDayNextYear(date: string): string {
  const [year, month, day] = date.split('-');
  const next = `${Number(year) + 1}-${month}-${day}`;
  return month === '02' && day === '29' ? `${Number(year) + 1}-02-28` : next;
}

describe('POST /api/send-quote-email', () => {
  it('stores the request, prices it on the server and e-mails customer and business with the same reference', async () => {
    const body = validQuote({
      moveDate: nextWeekday(6),
      fromPostcode: '12 SW1A 1AA',
      fromAddress: '12 High St, sw1a 1aa',
      clientEstimate: { total: 1, distance: 1 }, // a tampered figure: never trusted
    });
    const response = await call('/api/send-quote-email', body);
    expect(response.status).toBe(201);
    const answer = (await response.json()) as QuoteAnswer;
    expect(answer.reference).toMatch(/^[A-HJ-NP-Z2-9]{9}$/);
    // The spec's rules by hand (tests/shared/routes.ts: 162.7 miles, £344 for the 137.7 beyond the free 25): the
    // studio's £349 + £344 + on a Saturday 15 % of £349 = £52.35, £52 + sofa £225 + wardrobe £65 = £1,035.
    const route = ROUTES['SW1A 1AA → M1 1AE'];
    const expected = { basePrice: 349, distanceCharge: 344, weekendSurcharge: 52, furnitureCosts: 290, total: 1035 };
    // No access given: nothing from the access table.
    const none = { access: [], accessCosts: 0 };
    expect(answer.pricing).toEqual({ ...expected, ...none, distance: route.miles, freeMiles: 25, extraMiles: route.extraMiles });
    expect(answer).toMatchObject({ emailSent: true, verified: true, notes: [] });
    // The answer carries the quote's own link: 192 random bits whose hash alone D1 keeps.
    expect(answer.confirmationUrl).toMatch(new RegExp(`^/quote-confirmation\\?ref=${answer.reference}&t=[\\w-]{32}$`));
    expect(storedHashes(answer.reference)).toContain(hashOf(tokenIn(answer.confirmationUrl)));
    await delivered(answer.reference);

    const [row] = query<{
      reference: string;
      from_postcode: string;
      from_address: string;
      total: number;
      email_status: string;
      verified: number;
    }>('SELECT * FROM quote_requests WHERE reference = ?', answer.reference);
    expect(row).toMatchObject({
      from_postcode: 'SW1A 1AA',
      from_address: '12 High St, sw1a 1aa',
      total: expected.total,
      email_status: 'sent',
      verified: 1,
    });

    const customer = await emailsTo(body.email as string);
    expect(customer).toHaveLength(1);
    expect(customer[0]!.subject).toContain(answer.reference);
    expect(customer[0]!.idempotencyKey).toBe(`quote:${answer.reference}:customer`);
    expect(customer[0]!.html).toContain(answer.reference);
    // Address line 1 as sent, the town, then the postcode once, as it was priced.
    expect(customer[0]!.html).toContain('12 High St, London, SW1A 1AA');
    expect(customer[0]!.html).toContain('Sofa, Wardrobe');
    expect(customer[0]!.html).toContain('£1,035');
    expect(customer[0]!.html).toContain('What happens next?');
    expect(customer[0]!.html).toMatch(/Saturday \d{1,2} \w+ \d{4}/);
    // 'View your quote online': a token made as the e-mail was sent, beside the answer's; D1 keeps only their hashes,
    // and the stored e-mail holds neither.
    expect(customer[0]!.text).toContain('View your quote online: http');
    const emailed = tokenIn(customer[0]!.text);
    expect(customer[0]!.html).toContain(`/quote-confirmation?ref=${answer.reference}&amp;t=${emailed}`);
    expect(storedHashes(answer.reference).sort()).toEqual([hashOf(emailed), hashOf(tokenIn(answer.confirmationUrl))].sort());
    const outbox = JSON.stringify(query('SELECT payload FROM email_outbox WHERE record_reference = ?', answer.reference));
    for (const token of [emailed, tokenIn(answer.confirmationUrl)]) expect(outbox).not.toContain(token);

    const business = (await emailsTo(BUSINESS)).filter((e) => e.subject.includes(answer.reference));
    expect(business).toHaveLength(1);
    expect([business[0]!.reply_to].flat()).toEqual([body.email]);
    expect(business[0]!.idempotencyKey).toBe(`quote:${answer.reference}:business`);
    expect(business[0]!.text).toContain('07700 900123');
    expect(`${business[0]!.html}${business[0]!.text}`).not.toContain('quote-confirmation');
  });

  it("keeps the spec's fallbacks and names a known promo code in both e-mails", async () => {
    const body = validQuote({ furnitureIds: [], promoCode: 'firstmove10' });
    const answer = (await (await call('/api/send-quote-email', body)).json()) as QuoteAnswer;
    expect(answer.promoCode).toBe('FIRSTMOVE10');
    await delivered(answer.reference);
    const [customer] = await emailsTo(body.email as string);
    expect(customer!.html).toContain('Standard move');
    // The price with the code, in whole pence (10% off: the total x 90), beside the unchanged estimate.
    expect(customer!.html).toContain(`${formatPence(answer.pricing!.total * 90)} with FIRSTMOVE10 when you book`);
    expect(customer!.html).toContain(formatMoney(answer.pricing!.total));
    const [business] = (await emailsTo(BUSINESS)).filter((e) => e.subject.includes(answer.reference));
    expect(business!.html).toContain('FIRSTMOVE10');
    expect(query('SELECT promo_code FROM quote_requests WHERE reference = ?', answer.reference)).toEqual([{ promo_code: 'FIRSTMOVE10' }]);
  });

  it('rejects an unknown promo code with a field message', async () => {
    const response = await call('/api/send-quote-email', validQuote({ promoCode: 'HALFPRICE' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'validation_failed', message: expect.any(String), fields: { promoCode: 'This promo code is not recognised.' } },
    });
  });

  it('answers 422 when the postcode is well formed but unknown, even by its outward code', async () => {
    const response = await call('/api/send-quote-email', validQuote({ toPostcode: 'ZZ9 9ZZ' }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: { code: 'postcode_not_found', message: 'Postcode not found', fields: { toPostcode: 'Postcode not found' } },
    });
  });

  it('prices an unknown postcode from its outward code and says so', async () => {
    const body = validQuote({ fromPostcode: 'SW1A 9ZZ' });
    const response = await call('/api/send-quote-email', body);
    expect(response.status).toBe(201);
    const answer = (await response.json()) as QuoteAnswer;
    expect(answer.notes).toEqual(['Distance estimated from the SW1A area']);
    await delivered(answer.reference);
    const [customer] = await emailsTo(body.email as string);
    expect(customer!.html).toContain('Distance estimated from the SW1A area');
  });

  it('uses the spec messages for malformed postcodes and rejects past dates', async () => {
    const response = await call('/api/send-quote-email', validQuote({ fromPostcode: 'nowhere', toPostcode: '123', moveDate: inDays(-1) }));
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields).toEqual({
      fromPostcode: "Invalid 'from' postcode format",
      toPostcode: "Invalid 'to' postcode format",
      moveDate: 'That date has passed. Please choose tomorrow or a later date.',
    });
  });

  it('replays the first answer for the same idempotency key and body, sending nothing twice; 409 for a different body', async () => {
    const body = validQuote();
    const first = await call('/api/send-quote-email', body);
    const { confirmationUrl: firstLink, ...firstAnswer } = (await first.json()) as QuoteAnswer;
    const again = await call('/api/send-quote-email', body);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // The same answer, with a link of its own (a new token for the same quote).
    const { confirmationUrl: replayLink, ...replayed } = (await again.json()) as QuoteAnswer;
    expect(replayed).toEqual(firstAnswer);
    expect(replayLink).not.toBe(firstLink);
    expect(tokenIn(replayLink)).not.toBe('');
    expect(query('SELECT COUNT(*) AS n FROM quote_requests WHERE idempotency_key = ?', body.idempotencyKey as string)).toEqual([{ n: 1 }]);
    await delivered(firstAnswer.reference);
    expect((await emails()).filter((e) => e.idempotencyKey?.startsWith(`quote:${firstAnswer.reference}:`))).toHaveLength(2);

    const changed = await call('/api/send-quote-email', { ...body, phone: '07700 900999' });
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as { error: { code: string } }).error.code).toBe('idempotency_conflict');
  });

  it('stores and e-mails once when the same submission arrives several times at once', async () => {
    const body = validQuote();
    const responses = await Promise.all(Array.from({ length: 5 }, () => call(API_PATHS.quote, body)));
    // The first one stored wins; the others replay its answer (stored with the request, so never 'in progress').
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const answers = await Promise.all(responses.map((r) => r.json() as Promise<QuoteAnswer>));
    expect(new Set(answers.map((a) => a.reference)).size).toBe(1);
    await delivered(answers[0]!.reference);
    expect(query('SELECT COUNT(*) AS n FROM quote_requests WHERE idempotency_key = ?', body.idempotencyKey as string)).toEqual([{ n: 1 }]);
    expect((await emails()).filter((e) => e.idempotencyKey?.startsWith(`quote:${answers[0]!.reference}:`) && !e.replayOf)).toHaveLength(2);
  });

  it('keeps the request when Resend is down, and the queue retries it with the same keys and a link of its own', async () => {
    // Both first sends fail (the business copy replies to this address), the retries go through.
    const body = validQuote({ email: tagged(`${unique('down')}@example.com`, 'failtimes2') });
    const response = await call('/api/send-quote-email', body);
    expect(response.status).toBe(201);
    const answer = (await response.json()) as QuoteAnswer;
    // On its way: the answer never waits for the provider.
    expect(answer.emailSent).toBe(true);

    // The test environment retries 1 s after a failure (OUTBOX_RETRY_BASE_SECONDS).
    expect(await delivered(answer.reference)).toEqual([
      { kind: 'business', status: 'sent', attempts: 2 },
      { kind: 'customer', status: 'sent', attempts: 2 },
    ]);
    expect(query('SELECT email_status FROM quote_requests WHERE reference = ?', answer.reference)).toEqual([{ email_status: 'sent' }]);
    const sent = await emailsTo(body.email as string);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.idempotencyKey).toBe(`quote:${answer.reference}:customer`);
    expect(sent[0]!.subject).toContain(answer.reference);
    // Each attempt made a token of its own (D1 never held a raw one), the failed one's and the sent one's beside the
    // answer's: every one opens the quote.
    const emailed = tokenIn(sent[0]!.text);
    expect(emailed).not.toBe(tokenIn(answer.confirmationUrl));
    expect(storedHashes(answer.reference)).toHaveLength(3);
    expect(storedHashes(answer.reference)).toEqual(expect.arrayContaining([hashOf(emailed), hashOf(tokenIn(answer.confirmationUrl))]));
    expect((await fetch(`${apiBase()}/quote-confirmation?ref=${answer.reference}&t=${emailed}`)).status).toBe(200);

    // The same answer is replayed for a retried submission: the reference the customer sees never changes.
    const replay = (await (await call('/api/send-quote-email', body)).json()) as QuoteAnswer;
    expect(replay.reference).toBe(answer.reference);
    expect(replay.emailSent).toBe(true);
    // With a link of its own: the stored answer holds no token to replay.
    expect(replay.confirmationUrl).not.toBe(answer.confirmationUrl);
    expect(storedHashes(answer.reference)).toContain(hashOf(tokenIn(replay.confirmationUrl)));
  });

  it('F6: with the postcode service down, stores the quote unverified and unpriced, whatever the client claims', async () => {
    const body = validQuote({ fromPostcode: POSTCODE_DOWN, clientEstimate: { total: 0, distance: 0 } });
    const response = await call(API_PATHS.quote, body);
    expect(response.status).toBe(201);
    const answer = (await response.json()) as QuoteAnswer;
    expect(answer).toMatchObject({ pricing: null, verified: false, notes: [], emailSent: true });
    expect(
      query(
        'SELECT verified, total, pricing, distance_miles, client_distance, client_total FROM quote_requests WHERE reference = ?',
        answer.reference,
      ),
    ).toEqual([{ verified: 0, total: null, pricing: null, distance_miles: null, client_distance: 0, client_total: 0 }]);

    await delivered(answer.reference);
    const [customer] = await emailsTo(body.email as string);
    expect(customer!.subject).toContain(answer.reference);
    for (const part of [customer!.subject, customer!.html, customer!.text]) expect(part).not.toMatch(/£\d/);
    expect(customer!.text).toContain("We'll confirm your price");
    const [business] = (await emailsTo(BUSINESS)).filter((e) => e.subject.includes(answer.reference));
    expect(business!.subject).toMatch(/^\[UNVERIFIED\] /);
    expect(business!.text).toContain('Not priced');
    expect(business!.text).not.toContain('£0 ');

    // A replay is the same unpriced answer.
    const replay = (await (await call(API_PATHS.quote, body)).json()) as QuoteAnswer;
    expect(replay).toMatchObject({ reference: answer.reference, pricing: null, verified: false });

    // The confirmation page and the calendar file say the price is to come, and show no figure.
    const page = await fetch(`${apiBase()}${answer.confirmationUrl}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(answer.reference);
    expect(readPage(html).shown('price-pending')).toBe(true);
    // Not even hidden: the page is written for this quote.
    expect(html).not.toContain('data-show="price"');
    expect(html).not.toContain('data-fill="price:total"');
    const calendar = await fetch(`${apiBase()}${answer.confirmationUrl.replace('/quote-confirmation', '/api/quote-calendar')}`);
    // Long lines are folded (CRLF and a space): unfolded to read.
    const ics = (await calendar.text()).replace(/\r\n /g, '');
    expect(ics).toContain(`DESCRIPTION:`);
    expect(ics).not.toMatch(/£\d/);
    expect(ics).toContain('price to be confirmed');
  });

  it('treats a postcode service that does not answer in time (4 s) like one that is down', async () => {
    const body = validQuote({ fromPostcode: POSTCODE_TOO_SLOW, toPostcode: 'BT1 5GS', clientEstimate: { total: 900, distance: 210 } });
    const started = Date.now();
    const response = await call('/api/send-quote-email', body);
    expect(response.status).toBe(201);
    expect(((await response.json()) as QuoteAnswer).verified).toBe(false);
    expect(Date.now() - started).toBeLessThan(5_900);
  });

  it('escapes HTML in e-mails and strips CR/LF from subjects', async () => {
    const body = validQuote({
      name: 'Eve <script>alert(1)</script>\r\nBcc: victim@example.com',
      additionalInfo: '<img src=x onerror="alert(2)"> & "quotes"',
      fromAddress: '<b>1</b> Evil Rd, SW1A 1AA',
    });
    const response = await call('/api/send-quote-email', body);
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as QuoteAnswer;
    await delivered(reference);
    const mails = [...(await emailsTo(body.email as string)), ...(await emailsTo(BUSINESS)).filter((e) => e.subject.includes(reference))];
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<img src=x');
      expect(mail.html).not.toContain('<b>1</b>');
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
    const business = mails.find((m) => [m.to].flat().includes(BUSINESS))!;
    expect(business.html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(business.html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt; &amp; &quot;quotes&quot;');
  });

  it('F2: writes the view link only where our template puts it, never where the customer typed the placeholder', async () => {
    const PLACEHOLDER = '{{quote-view-link}}';
    const body = validQuote({
      name: `Mallory ${PLACEHOLDER}`,
      fromAddress: `${PLACEHOLDER} 1 High St, SW1A 1AA`,
      additionalInfo: `Please open ${PLACEHOLDER}`,
    });
    const answer = (await (await call(API_PATHS.quote, body)).json()) as QuoteAnswer;
    await delivered(answer.reference);
    const [customer] = await emailsTo(body.email as string);
    expect(customer!.text.match(/quote-confirmation\?/g)).toHaveLength(1);
    expect(customer!.html.match(/quote-confirmation\?/g)).toHaveLength(1);
    expect(customer!.text).toContain(`Please open ${PLACEHOLDER}`);
    // Line 1 as typed (its postcode shown once, at the end), then the town.
    expect(customer!.text).toContain(`${PLACEHOLDER} 1 High St, London, SW1A 1AA`);
    const [business] = (await emailsTo(BUSINESS)).filter((e) => e.subject.includes(answer.reference));
    expect(`${business!.html}${business!.text}`).not.toContain('quote-confirmation');
    expect(business!.text).toContain(`Please open ${PLACEHOLDER}`);
    // Two tokens: the answer's and the one made for the link the template placed.
    expect(storedHashes(answer.reference).sort()).toEqual(
      [hashOf(tokenIn(answer.confirmationUrl)), hashOf(tokenIn(customer!.text))].sort(),
    );

    const contact = validContact({ message: `See ${PLACEHOLDER}`, firstName: `Eve ${PLACEHOLDER}` });
    const { reference } = (await (await call(API_PATHS.contact, contact)).json()) as { reference: string };
    await delivered(reference);
    expect(storedHashes(reference)).toEqual([]);
    const mails = [...(await emailsTo(contact.email)), ...(await emailsTo(BUSINESS)).filter((e) => e.subject.includes(reference))];
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(`${mail.html}${mail.text}`).not.toContain('quote-confirmation');
      expect(mail.text).toContain(`See ${PLACEHOLDER}`);
    }
  });

  it('F4: takes a move date up to 12 months ahead and refuses a later one', async () => {
    const latest = sameDayNextYear(londonToday());
    const accepted = await call(API_PATHS.quote, validQuote({ moveDate: latest }));
    expect(accepted.status).toBe(201);
    for (const moveDate of [inDays(400), '9999-12-31']) {
      const response = await call(API_PATHS.quote, validQuote({ moveDate }));
      expect(response.status, moveDate).toBe(400);
      const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(Object.keys(error.fields)).toEqual(['moveDate']);
      expect(error.fields.moveDate).toMatch(/up to 12 months ahead/);
    }
  });

  it('F8: strips bidi and other format characters from e-mail subjects', async () => {
    const body = validQuote({ name: 'Eve \u202Egnp.exe\u2066\u200B\uFEFF\u2028Smith' });
    const answer = (await (await call(API_PATHS.quote, body)).json()) as QuoteAnswer;
    await delivered(answer.reference);
    const [business] = (await emailsTo(BUSINESS)).filter((e) => e.subject.includes(answer.reference));
    expect(business!.subject).toContain('Eve gnp.exe Smith');
    expect(business!.subject).not.toMatch(/[\p{Cf}\p{Cc}\u2028\u2029]/u);
  });

  it('stores and queues a new quote in at most 2 D1 round trips (counted by the Worker in the test environment)', async () => {
    const body = validQuote();
    const response = await call(API_PATHS.quote, body);
    expect(response.status).toBe(201);
    expect(((await response.json()) as QuoteAnswer).emailSent).toBe(true);
    const trips = Number(response.headers.get('x-d1-round-trips'));
    expect(trips).toBeGreaterThan(0);
    // The replay look-up and the one batch: the e-mails' own work is the queue consumer's.
    expect(trips).toBeLessThanOrEqual(2);
    // A replay: the look-up and its new link's token.
    const replay = await call(API_PATHS.quote, body);
    expect(Number(replay.headers.get('x-d1-round-trips'))).toBe(2);
  });

  it('answers a filled honeypot like a success but stores and sends nothing', async () => {
    const body = validQuote({ website: 'http://spam.example' });
    const response = await call('/api/send-quote-email', body);
    expect(response.status).toBe(201);
    expect(((await response.json()) as QuoteAnswer).reference).toMatch(/^[A-HJ-NP-Z2-9]{9}$/);
    expect(query('SELECT COUNT(*) AS n FROM quote_requests WHERE idempotency_key = ?', body.idempotencyKey as string)).toEqual([{ n: 0 }]);
    expect(await emailsTo(body.email as string)).toHaveLength(0);
  });

  it('issues a different reference for every request', async () => {
    const references = await Promise.all(
      Array.from({ length: 8 }, async () => ((await (await call('/api/send-quote-email', validQuote())).json()) as QuoteAnswer).reference),
    );
    expect(new Set(references).size).toBe(8);
    expect(unique('x')).not.toBe(unique('x'));
  });
});
