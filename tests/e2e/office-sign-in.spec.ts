/**
 * Issue 33 item 1 in a browser, JavaScript off: the owner adds someone to the staff; they sign in at /login with the
 * e-mailed link as customers do and land in the office; the owner removes them. axe on the staff page at 390 px.
 */
import { test, expect, axeViolations } from './fixtures';
import { capturedEmails, uniqueEmail } from './quote-helpers';
import { OFFICE_SIGN_IN_SUBJECT, OWNER_EMAIL, signInToOffice } from './office';
import { EMAIL_WAIT_MS } from '../shared/mail';
import { ceiling } from '../shared/load';

test.use({ viewport: { width: 390, height: 844 } });

async function officeLink(email: string): Promise<string> {
  const links = async () => (await capturedEmails()).filter((e) => [e.to].flat().includes(email) && e.subject === OFFICE_SIGN_IN_SUBJECT);
  await expect.poll(async () => (await links()).length, { timeout: EMAIL_WAIT_MS }).toBe(1);
  const url = new URL(/https?:\/\/\S+\/login\/verify\?t=[\w-]+/.exec((await links())[0]!.text ?? '')![0]);
  return `${url.pathname}${url.search}`;
}

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the owner adds a member of staff, who signs in with an e-mailed link; the owner removes them', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(ceiling(90_000));
    await signInToOffice(page.context());
    await page.goto('/office/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await expect(page.getByText(`${OWNER_EMAIL} (owner)`)).toBeVisible();

    // A refused add keeps what was typed and ties the message to its field.
    const email = uniqueEmail('office-staff');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Add to the staff' }).click();
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Please enter their name.');
    await expect(page.getByLabel('E-mail address')).toHaveValue(email);

    await page.getByLabel('Name').fill('Jo Bloggs');
    await page.getByRole('button', { name: 'Add to the staff' }).click();
    await expect(page.getByRole('status')).toContainText('They can now sign in at /login');
    await expect(page.getByRole('listitem').filter({ hasText: email })).toBeVisible();

    // The new member signs in the way customers do.
    const theirs = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const member = await theirs.newPage();
    await member.goto('/login');
    await member.getByLabel('Email address').fill(email);
    await member.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await member.goto(await officeLink(email));
    await member.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(member).toHaveURL(/\/office$/);

    // Asked first (issue 40 item 4): "No" keeps them; "Yes" removes them.
    await page.getByRole('button', { name: 'Remove Jo Bloggs' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Remove Jo Bloggs from the staff?');
    await page.getByRole('link', { name: 'No, keep Jo Bloggs' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: email })).toBeVisible();
    await page.getByRole('button', { name: 'Remove Jo Bloggs' }).click();
    await page.getByRole('button', { name: 'Yes, remove Jo Bloggs' }).click();
    await expect(page.getByRole('status')).toContainText('Any session they had has ended');
    await expect(page.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
    await theirs.close();
  });

  test('a visitor who is not signed in to the office is sent to /login', async ({ page }) => {
    await page.goto('/office/staff');
    await expect(page).toHaveURL(/\/login$/);
  });
});

// axe runs in the page, so only where scripts can: the pages themselves need none.
test('axe: the staff page, and the same page refusing an add', async ({ page }) => {
  await signInToOffice(page.context());
  await page.goto('/office/staff');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add to the staff' }).click();
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Please enter their name.');
  expect(await axeViolations(page)).toEqual([]);
});
