/**
 * Issue 40 item 4, nothing irreversible by accident, in a browser with JavaScript off: Enter in a written quote's
 * amount shows the total and sends nothing (only the Send button sends); removing a member of staff asks first on a
 * page of its own, where "No" keeps them. axe on the confirmation page at 390 and 1280 px. ("Job done" before the day
 * is in office-job-sheet.spec.ts; a booking without a deposit's reason in office-diary.spec.ts.)
 */
import { OFFICE_PATHS, writtenQuotePath } from '../../src/lib/office/paths';
import { axeViolations, expect, queryD1, test } from './fixtures';
import { signInToOffice } from './office';
import { capturedEmails, storeQuote, uniqueEmail } from './quote-helpers';

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('Enter in an amount field checks the total and sends nothing; the Send button sends', async ({ page, request }) => {
    const email = uniqueEmail('enter-sends-nothing');
    const { reference } = await storeQuote(request, { email });
    await signInToOffice(page.context());
    await page.goto(writtenQuotePath(reference));
    await page.getByLabel('Line 4: what it is for').fill('Packing');
    await page.getByLabel('Line 4: amount in pounds').fill('120.50');
    await page.getByLabel('Line 4: amount in pounds').press('Enter');

    // storeQuote's move: £599 + £344 + £225 = £1,168, with Packing £120.50: £1,288.50 (no code).
    await expect(page.locator('[data-show="preview"] [data-fill="preview:Total"]')).toHaveText('£1,288.50');
    expect(queryD1('SELECT version FROM written_quotes WHERE reference = ?', reference)).toEqual([]);
    // What was typed is still there, ready to send.
    await expect(page.getByLabel('Line 4: amount in pounds')).toHaveValue('120.50');

    await page.getByRole('button', { name: 'Send to the customer' }).click();
    await expect(page.locator('[data-version="1"] [data-fill="total"]')).toHaveText('£1,288.50');
    expect(queryD1('SELECT version, sent_at IS NOT NULL AS sent FROM written_quotes WHERE reference = ?', reference)).toEqual([
      { version: 1, sent: 1 },
    ]);
    await expect
      .poll(
        async () =>
          (await capturedEmails()).filter((each) => [each.to].flat().includes(email) && each.subject.includes('written quote')).length,
      )
      .toBe(1);
  });

  test('removing a member of staff asks first; "No" keeps them', async ({ page }) => {
    await signInToOffice(page.context());
    const email = uniqueEmail('stays');
    await page.goto(OFFICE_PATHS.staff);
    await page.getByLabel('Name').fill('Robin Keeps');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Add to the staff' }).click();

    await page.getByRole('button', { name: 'Remove Robin Keeps' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Remove Robin Keeps from the staff?');
    await expect(page.getByText('any session they have open ends at once')).toBeVisible();
    expect(queryD1<{ removed: number }>('SELECT removed_at IS NOT NULL AS removed FROM staff_members WHERE email = ?', email)).toEqual([
      { removed: 0 },
    ]);
    await page.getByRole('link', { name: 'No, keep Robin Keeps' }).click();
    await expect(page).toHaveURL(/\/office\/staff$/);
    await expect(page.getByRole('listitem').filter({ hasText: email })).toBeVisible();
  });
});

// axe runs in the page, so only where scripts can: the page itself needs none.
test('axe: the confirmation before removing a crew, at 390 and 1280 px', async ({ page }) => {
  await signInToOffice(page.context());
  await page.goto(OFFICE_PATHS.diary);
  const lead = `Kept ${Date.now()}`;
  await page.getByLabel('Crew lead’s name').fill(lead);
  await page.getByLabel('Crew size (people)').fill('2');
  await page.getByRole('button', { name: 'Add crew' }).click();
  await page.getByRole('button', { name: `Remove ${lead}’s crew` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Remove the crew ${lead} (crew of 2)?`);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `at ${width} px`).toEqual([]);
  }
  await page.getByRole('button', { name: `Yes, remove the crew ${lead} (crew of 2)` }).click();
  await expect(page.getByRole('status')).toHaveText('Crew removed.');
});
