import { describe, expect, it } from 'vitest';
import { contactSubjects } from '~/data/contact-subjects';
import { apiBase, call, delivered, emailsTo, query, unique, validContact } from './helpers';

const BUSINESS = 'leads@shiftly.example';

describe('POST /api/send-contact-email', () => {
  it('stores the message, e-mails the business (reply-to the customer, name joined) and acknowledges the customer', async () => {
    const body = validContact();
    const response = await call('/api/send-contact-email', body);
    expect(response.status).toBe(201);
    const { reference, emailSent } = (await response.json()) as { reference: string; emailSent: boolean };
    expect(reference).toMatch(/^[A-HJ-NP-Z2-9]{9}$/);
    expect(emailSent).toBe(true);
    await delivered(reference);
    expect(query('SELECT first_name, last_name, subject, via, email_status FROM contact_messages WHERE reference = ?', reference)).toEqual([
      { first_name: 'Grace', last_name: 'Hopper', subject: 'An existing booking', via: 'json', email_status: 'sent' },
    ]);
    const [business] = (await emailsTo(BUSINESS)).filter((e) => e.subject.includes(reference));
    expect([business!.reply_to].flat()).toEqual([body.email]);
    expect(business!.html).toContain('Grace Hopper');
    expect(business!.html).toContain('Can you move a piano up three flights of stairs?');
    const [ack] = await emailsTo(body.email);
    expect(ack!.html).toContain('within 1 hour');
    expect(ack!.html).toContain(reference);
  });

  it('answers 400 with field messages from the shared schema', async () => {
    const response = await call('/api/send-contact-email', { firstName: ' ', email: 'nope' });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toMatchObject({
      firstName: 'Please enter your first name.',
      lastName: 'Please enter your last name.',
      email: 'Please enter a valid email address.',
      subject: 'Please choose a subject.',
      message: 'Please enter your message.',
    });
  });

  it('F8: takes only one of the six subjects, stored and e-mailed by its label', async () => {
    for (const subject of ['Booking question', 'booking ', '<b>general</b>', 'x'.repeat(140)]) {
      const response = await call('/api/send-contact-email', validContact({ subject }));
      expect(response.status, subject).toBe(400);
      const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(error.fields).toEqual({ subject: 'Please choose a subject.' });
    }
    for (const { value, label } of contactSubjects) {
      const body = validContact({ subject: value });
      const { reference } = (await (await call('/api/send-contact-email', body)).json()) as { reference: string };
      expect(query('SELECT subject FROM contact_messages WHERE reference = ?', reference)).toEqual([{ subject: label }]);
      await delivered(reference);
      const [business] = (await emailsTo(BUSINESS)).filter((e) => e.subject.includes(reference));
      expect(business!.subject).toBe(`Contact form: ${label} (from Grace Hopper, ${reference})`);
    }
  });

  it('F8: strips bidi and other format characters from the e-mail subjects', async () => {
    const body = validContact({ firstName: '\u202Egnp.exe', lastName: 'Hop\u200Bper\u2067' });
    const { reference } = (await (await call('/api/send-contact-email', body)).json()) as { reference: string };
    await delivered(reference);
    const [business] = (await emailsTo(BUSINESS)).filter((e) => e.subject.includes(reference));
    expect(business!.subject).toBe(`Contact form: An existing booking (from gnp.exe Hopper, ${reference})`);
    const name = `Alan \u202E${unique('t')}`;
    const callback = (await (await call('/api/request-callback', { name, phone: '0161 496 0000' })).json()) as { reference: string };
    await delivered(callback.reference);
    const [mail] = (await emailsTo(BUSINESS)).filter((e) => e.subject.includes(callback.reference));
    expect(mail!.subject).not.toMatch(/\p{Cf}/u);
    expect(mail!.subject).toContain(name.replace('\u202E', ''));
  });

  it('works as a plain form post from our own origin: 303 to /contact naming the reference', async () => {
    const email = `${unique('form')}@example.com`;
    const form = new URLSearchParams({ ...validContact({ email }), website: '' });
    const response = await call('/api/send-contact-email', form.toString(), {
      contentType: 'application/x-www-form-urlencoded',
      headers: { Origin: apiBase() },
    });
    expect(response.status).toBe(303);
    const [row] = query<{ via: string; reference: string }>('SELECT via, reference FROM contact_messages WHERE email = ?', email);
    expect(row!.via).toBe('form');
    expect(response.headers.get('location')).toBe(`/contact?sent=1&ref=${row!.reference}#message-sent`);
    await delivered(row!.reference);
    expect(await emailsTo(email)).toHaveLength(1);
  });

  // Refusals of a plain form post (400, 403 from another site, 429) are the prebuilt /contact page filled in:
  // tests/e2e/quote-form-http.spec.ts, with the build they need.

  it('honeypot: a normal-looking answer, nothing stored or sent', async () => {
    const body = validContact({ website: 'spam' });
    const response = await call('/api/send-contact-email', body);
    expect(response.status).toBe(201);
    expect(query('SELECT COUNT(*) AS n FROM contact_messages WHERE email = ?', body.email)).toEqual([{ n: 0 }]);
    expect(await emailsTo(body.email)).toHaveLength(0);
  });
});

describe('POST /api/request-callback', () => {
  it('stores the request and e-mails the business', async () => {
    const name = `Alan ${unique('t')}`;
    const response = await call('/api/request-callback', { name, phone: '0161 496 0000' });
    expect(response.status).toBe(201);
    const { reference, emailSent } = (await response.json()) as { reference: string; emailSent: boolean };
    expect(emailSent).toBe(true);
    await delivered(reference);
    expect(query('SELECT name, phone, email_status FROM callback_requests WHERE reference = ?', reference)).toEqual([
      { name, phone: '0161 496 0000', email_status: 'sent' },
    ]);
    const [mail] = (await emailsTo(BUSINESS)).filter((e) => e.subject.includes(reference));
    expect(mail!.html).toContain(name);
    expect(mail!.html).toContain('0161 496 0000');
  });

  it('rejects blank and whitespace-only fields', async () => {
    const response = await call('/api/request-callback', { name: '   ', phone: ' ' });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(error.fields).sort()).toEqual(['name', 'phone']);
  });
});
