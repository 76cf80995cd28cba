/**
 * The office in Firefox ESR and WebKitGTK (issue 33): a member of staff the owner added signs in with the e-mailed link
 * (its page posts a "Sign in" form, as the customer's does), finds a new lead, writes a quote with a line of their own,
 * checks its total and sends it; the customer's e-mail states that total. Staff use whichever browser the office has.
 */
import { leadPath, OFFICE_PATHS } from '../../src/lib/office/paths';
import { CONSENT_KEY, consentRecord, NO_OPTIONAL } from '../../src/scripts/consent-record';
import { capturedEmails, storeQuote, uniqueEmail } from '../e2e/quote-helpers';
import { siteEnv } from '../e2e/site-env';
import { OFFICE_SIGN_IN_SUBJECT } from '../shared/office-sign-in';
import { formPost } from '../shared/office-posts';
import { label, role, text } from './engine';
import { expect, test } from './fixtures';
import { EMAIL_WAIT_MS } from '../shared/mail';

/** The newest e-mail to `to` whose subject starts with `subject`, once it has arrived. */
async function emailTo(to: string, subject: string) {
  const matching = async () => (await capturedEmails()).filter((e) => [e.to].flat().includes(to) && e.subject.startsWith(subject));
  await expect.poll(async () => (await matching()).length, { timeout: EMAIL_WAIT_MS }).toBeGreaterThan(0);
  return (await matching()).at(-1)!;
}

test('a member of staff signs in, opens a new lead and sends a written quote', async ({ browse, request }) => {
  const staff = uniqueEmail('office-staff');
  const added = await formPost(
    siteEnv('baseUrl'),
    `${OFFICE_PATHS.staff}/add`,
    { name: 'Robin Ames', email: staff },
    siteEnv('ownerSession'),
  );
  expect(added.status).toBe(303);
  const customer = uniqueEmail('office-customer');
  const { reference } = await storeQuote(request, { email: customer });

  await browse.goto('/robots.txt');
  await browse.setLocalStorage(CONSENT_KEY, JSON.stringify(consentRecord(NO_OPTIONAL)));
  await browse.goto('/login');
  await browse.type(label('Email address'), staff);
  await browse.click(role('button', 'Email me a sign-in link'));
  await browse.see(text(/a sign-in link is on its way/));
  const link = new URL(/https?:\/\/\S+\/login\/verify\?t=[\w-]+/.exec((await emailTo(staff, OFFICE_SIGN_IN_SUBJECT)).text ?? '')![0]);
  await browse.goto(`${link.pathname}${link.search}`);
  await browse.click(role('button', 'Sign in'));
  await browse.reach(/^\/office/);

  await browse.goto(leadPath(reference));
  await browse.see(role('heading', new RegExp(reference)));
  await browse.click(role('link', 'Write a quote'));
  await browse.type(label('Line 4: what it is for'), 'Packing');
  await browse.type(label('Line 4: amount in pounds'), '120.50');
  await browse.click(role('button', 'Check the total'));
  await browse.see(role('heading', 'The customer will see'));
  await browse.click(role('button', 'Send to the customer'));
  await browse.see(role('heading', /^Version 1/));

  const sent = await emailTo(customer, 'Your written quote');
  expect(sent.text).toContain('Packing');
  expect(sent.text).toContain('£120.50');
});
