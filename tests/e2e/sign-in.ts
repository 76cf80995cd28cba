/** Signing in as a customer does in a browser: /login, the link from the mail catcher, /account. */
import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { capturedEmails } from './quote-helpers';
import { CONSENT_KEY, consentRecord, NO_OPTIONAL } from '../../src/scripts/consent-record';
import { EMAIL_WAIT_MS } from '../shared/mail';

export const SIGN_IN_SUBJECT = 'Your Shiftly sign-in link';

/** The newest sign-in link e-mailed to `email`, once the `count`th has arrived. */
export async function emailedSignInLink(email: string, count = 1): Promise<string> {
  const signIns = async () => (await capturedEmails()).filter((e) => [e.to].flat().includes(email) && e.subject === SIGN_IN_SUBJECT);
  await expect.poll(async () => (await signIns()).length, { timeout: EMAIL_WAIT_MS }).toBe(count);
  const link = /https?:\/\/\S+\/login\/verify\?t=[\w-]+/.exec((await signIns()).at(-1)!.text ?? '')?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** Opens an e-mailed link as the customer does: its page has one "Sign in" button, which signs in. */
export async function openSignInLink(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
}

export async function askForLink(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'a sign-in link is on its way' })).toBeVisible();
}

/** `email` signed in, in a browser context of its own with a cookie choice already made (no banner in the way). */
export async function signInElsewhere(browser: Browser, baseURL: string, email: string, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await context.addInitScript(
    ({ key, value }) => {
      try {
        localStorage.setItem(key, value);
      } catch {
        // about:blank has no storage
      }
    },
    { key: CONSENT_KEY, value: JSON.stringify(consentRecord(NO_OPTIONAL)) },
  );
  const page = await context.newPage();
  await page.goto('/login');
  await askForLink(page, email);
  await openSignInLink(page, await emailedSignInLink(email));
  return page;
}
