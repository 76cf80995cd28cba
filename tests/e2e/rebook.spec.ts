/**
 * Moving a booked date (issue 34 item 3) as a customer does it with JavaScript off: a move booked by its £123.75
 * deposit on a £495.00 written quote (the office's and the stand-in's own posts), a new date picked on the move page,
 * what the change costs shown before it is confirmed (nothing, with months of notice: £371.25 left to pay, worked by
 * hand), then the move still booked on the new date. axe (which needs scripts) on the preview and the changed page
 * with JavaScript on, at 390 px, and on the office's written-quote form with its "priced by date" box.
 */
import { daysBetween, formatLongDate, londonToday } from '../../src/lib/dates';
import { DONE_NOTICES } from '../../src/lib/move-status';
import { WRITTEN_QUOTE_LABELS } from '../../src/lib/office/written-quote';
import { OFFICE_PATHS } from '../../src/lib/office/paths';
import { openDay } from '../shared/dates';
import { diaryDays } from '../shared/diary-days';
import { acceptWrittenQuote, sendWrittenQuote } from '../shared/office-posts';
import { axeViolations, expect, picture, queryD1, test } from './fixtures';
import { signInToOffice } from './office';
import { storeQuote } from './quote-helpers';
import { siteEnv } from './site-env';
import { ceiling } from '../shared/load';

const COST = 'Changing the date now costs nothing under our terms, so your price stays £495.00 and £371.25 is left to pay.';

test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

test('a customer moves a booked date on the move page, sees what it costs first, and stays booked', async ({ page, browser, request }) => {
  test.setTimeout(ceiling(90_000));
  const base = siteEnv('baseUrl');
  // A week on, and a week after that (asked about at the end): open days neither this nor another test has filled.
  const weekOn = (day: string) => openDay(daysBetween(londonToday(), day) + 7);
  const [from, to, later] = diaryDays(undefined, weekOn, weekOn);
  const answer = await storeQuote(request, { moveDate: from });
  await sendWrittenQuote({ base, session: siteEnv('ownerSession') }, answer.reference, {
    lines: [['Removal', '495.00']],
    deposit: '123.75',
  });
  const token = new URL(answer.confirmationUrl, base).searchParams.get('t')!;
  const checkout = await acceptWrittenQuote(base, { reference: answer.reference, token });
  expect((await fetch(`${checkout.href}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  const status = () => queryD1<{ status: string }>('SELECT status FROM quote_requests WHERE reference = ?', answer.reference)[0]!.status;
  await expect.poll(status, { timeout: 60_000 }).toBe('booked');
  const shot = (name: string) => picture(() => page.screenshot({ path: `test-results/rebook-${name}.png`, fullPage: true }));

  await page.goto(answer.confirmationUrl);
  const change = page.locator('[data-show="act:change_date"]');
  await change.getByLabel('New move date').fill(to);
  await change.getByRole('button', { name: 'See what the change costs' }).click();
  const preview = page.locator('[data-date-preview]');
  await expect(preview.locator('[data-fill="preview:date"]')).toHaveText(formatLongDate(to));
  await expect(preview.locator('[data-fill="preview:cost"]')).toHaveText(COST);
  await expect(preview).toBeFocused();
  expect(status()).toBe('booked');
  await shot('preview-390-js-off');

  await preview.getByRole('button', { name: 'Change my move date' }).click();
  await expect(page.getByText(DONE_NOTICES.date_changed_booked!)).toBeVisible();
  await expect(page.locator('[data-fill="status"]')).toHaveText('Booked');
  await expect(page.locator('[data-fill="move-summary"]')).toContainText(`your move on ${formatLongDate(to)} is booked`);
  await expect(page.locator('[data-history-list]')).toContainText(
    `Move date changed from ${formatLongDate(from)} to ${formatLongDate(to)}: no fee; your price is now £495.00 and £371.25 is left to pay. Your crew and arrival time for the new day will follow`,
  );
  expect(queryD1('SELECT status, move_date FROM quote_requests WHERE reference = ?', answer.reference)).toEqual([
    { status: 'booked', move_date: to },
  ]);
  await shot('changed-390-js-off');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot('changed-1280-js-off');

  // The same states with scripts, for axe: the page as changed, then another date asked about (nothing changes).
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 390, height: 844 } });
  const withScripts = await context.newPage();
  await withScripts.goto(page.url());
  await expect(withScripts.getByText(DONE_NOTICES.date_changed_booked!)).toBeVisible();
  expect(await axeViolations(withScripts)).toEqual([]);
  await withScripts.locator('[data-show="act:change_date"]').getByLabel('New move date').fill(later);
  await withScripts.getByRole('button', { name: 'See what the change costs' }).click();
  await expect(withScripts.locator('[data-fill="preview:cost"]')).toHaveText(COST);
  expect(await axeViolations(withScripts)).toEqual([]);
  await picture(() => withScripts.screenshot({ path: 'test-results/rebook-preview-390-js-on.png', fullPage: true }));
  await withScripts.setViewportSize({ width: 1280, height: 900 });
  await picture(() => withScripts.screenshot({ path: 'test-results/rebook-preview-1280-js-on.png', fullPage: true }));

  // The office's written-quote form, with its "priced by date" box, at both widths.
  await signInToOffice(context);
  await withScripts.setViewportSize({ width: 390, height: 844 });
  await withScripts.goto(`${OFFICE_PATHS.writtenQuote}?ref=${answer.reference}`);
  await expect(withScripts.getByLabel(WRITTEN_QUOTE_LABELS.datePriced)).not.toBeChecked();
  expect(await axeViolations(withScripts)).toEqual([]);
  await picture(() => withScripts.screenshot({ path: 'test-results/rebook-office-form-390-js-on.png', fullPage: true }));
  await withScripts.setViewportSize({ width: 1280, height: 900 });
  await picture(() => withScripts.screenshot({ path: 'test-results/rebook-office-form-1280-js-on.png', fullPage: true }));
  await context.close();
  expect(status()).toBe('booked');
});
