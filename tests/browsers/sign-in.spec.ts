/**
 * Signing in with an e-mailed link in Firefox ESR and WebKitGTK (issue 30, item 11). The link's page is sent with
 * `Referrer-Policy: no-referrer`, so each engine posts its "Sign in" form with `Origin: null` or its own Fetch Metadata;
 * the Worker must take that post from every engine. A mail scanner's HEAD and GET come first and spend nothing.
 */
import { CONSENT_KEY, consentRecord, NO_OPTIONAL } from '../../src/scripts/consent-record';
import { storeQuote, uniqueEmail } from '../e2e/quote-helpers';
import { emailedSignInLink } from '../e2e/sign-in';
import { label, role, text } from './engine';
import { test, expect } from './fixtures';

test('a sign-in link opened first by a mail scanner still signs the customer in, once', async ({ browse, request }) => {
  const email = uniqueEmail('smoke-sign-in');
  await storeQuote(request, { email });
  await browse.goto('/robots.txt');
  await browse.setLocalStorage(CONSENT_KEY, JSON.stringify(consentRecord(NO_OPTIONAL)));
  await browse.goto('/login');
  await browse.type(label('Email address'), email);
  await browse.click(role('button', 'Email me a sign-in link'));
  await browse.see(text(/a sign-in link is on its way/));

  const link = await emailedSignInLink(email);
  expect((await request.head(link, { maxRedirects: 0 })).status()).toBe(200);
  expect((await request.get(link, { maxRedirects: 0 })).status()).toBe(200);
  await browse.goto(link);
  await browse.click(role('button', 'Sign in'));
  await browse.reach(/^\/account$/);
  await browse.see(role('heading', 'Your moves'));

  await browse.goto(link);
  await browse.see(text('That sign-in link cannot be used.'));
});
