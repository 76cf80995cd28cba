/**
 * Issue 14, item 1: every service's "get a quote" lands in the wizard knowing the service. The expectations come
 * from the one service table (src/data/services.ts) and the packages table, never typed in here.
 */
import type { Page } from '@playwright/test';
import { findPackage } from '../../src/data/packages';
import { findService, quoteHref, quoteServices, type ServiceValue } from '../../src/data/services';
import { site } from '../../src/site.config';
import { CAR_COPY, CAR_RUNS } from '../../src/data/car-transport';
import { QUOTE_HINTS, QUOTE_LABELS, QUOTE_STEPS } from '../../src/data/quote-labels';
import { test, expect, open, axeViolations, queryD1 } from './fixtures';
import { emailsFor, expectStep, nextDay, typed, uniqueEmail } from './quote-helpers';

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
const intro = (page: Page) => page.locator('[data-quote-service]');
const mainServices = quoteServices.filter((s) => s.group === 'main');

for (const service of mainServices) {
  test(`${service.page}: its quote links name the service, and the wizard opens knowing it`, async ({ page }) => {
    const path = service.page.split('#')[0]!;
    await open(page, service.page);
    // Every quote link on the page names one of the services described there (home removals also offers storage).
    const onThisPage = mainServices.filter((s) => s.page.split('#')[0] === path).map((s) => quoteHref(s.value));
    for (const href of await page.locator('main a[href^="/quote"]').evaluateAll((all) => all.map((a) => a.getAttribute('href'))))
      expect(onThisPage, 'a quote link on the page').toContain(href);
    const links = page.locator(`main a[href="${quoteHref(service.value)}"]`);
    expect(await links.count()).toBeGreaterThan(0);

    await links.first().click();
    await page.waitForURL(/\/quote$/);
    if (service.onRequest === 'car') {
      // Priced on request: step 1 asks about the car; the sizes are for belongings, one button away.
      await expectStep(page, CAR_COPY.title);
      await expect(page.getByRole('radio', { name: new RegExp(findPackage('studio')!.title) })).toHaveCount(0);
      expect(await axeViolations(page), 'step 1 asking about the car').toEqual([]);
      await page.getByRole('button', { name: CAR_COPY.belongingsButton }).click();
    }
    await expectStep(page, QUOTE_STEPS[1]);
    await expect(intro(page)).toHaveAttribute('data-quote-service', service.value);
    await expect(intro(page).getByRole('heading', { name: service.label })).toBeVisible();

    const suggested = service.suggestedSize;
    if (suggested) {
      const title = findPackage(suggested.id)!.title;
      await expect(page.getByRole('radio', { name: new RegExp(title) })).toBeChecked();
      await expect(intro(page).locator('[data-size-reason]')).toHaveText(`We have picked the ${title} for you. ${suggested.why}`);
      await expect(continueButton(page)).toBeEnabled();
      // The customer can change it, and the line says what they chose.
      await page.getByText('2 bedrooms', { exact: true }).click();
      await expect(intro(page).locator('[data-size-reason]')).toContainText('you have chosen 2 bedrooms');
    } else {
      await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
      await expect(intro(page).locator('[data-size-reason]')).toHaveCount(0);
    }
    if (service.estimate) await expect(intro(page).locator('[data-service-estimate]')).toHaveText(service.estimate);
    if (service.callbackOffer) {
      await expect(intro(page).getByRole('button', { name: 'Ask for a call-back' })).toBeVisible();
      await expect(intro(page).getByRole('link', { name: site.phone.display })).toHaveAttribute('href', `tel:${site.phone.tel}`);
    }
    expect(await axeViolations(page), 'step 1 with the service').toEqual([]);
  });
}

/** Steps 2-4 with whatever step 1 holds, for tests about what arrives on step 5. */
async function toStep5(page: Page, { from, to }: { from?: string; to?: string } = {}) {
  await continueButton(page).click();
  await continueButton(page).click();
  if (from) await page.getByRole('combobox', { name: 'Moving from' }).fill(from);
  if (to) await page.getByRole('combobox', { name: 'Moving to' }).fill(to);
  await expect(page.locator('[data-quote-total]')).toBeVisible();
  await continueButton(page).click();
  await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(nextDay(3)));
  await continueButton(page).click();
  await expectStep(page, 'Your contact details');
}

test('/services/other: the service type, description and postcodes are shown on step 1, prefilled, and reach the business', async ({
  page,
}) => {
  const service = findService('specialty')!;
  const details = 'Upright piano and stool, two steps at the front door';
  await open(page, '/services/other');
  // The hero's quote button leads to the page's own form, which collects what the quote needs.
  await page.locator('main').getByRole('link', { name: 'Tell us about the job' }).click();
  await expect(page.getByRole('heading', { name: 'Tell us about the job' })).toBeInViewport();
  await page.getByLabel('Service type').selectOption(service.value);
  await page.getByLabel('What needs moving?').fill(details);
  await page.getByLabel('Collection postcode').fill('M1 1AE');
  await page.getByLabel('Delivery postcode').fill('LS1 4AP');
  await page.getByRole('button', { name: 'Continue to my quote' }).click();
  await page.waitForURL(/\/quote$/);

  await expect(intro(page).getByRole('heading', { name: service.label })).toBeVisible();
  const carried = intro(page).locator('[data-carried-request]');
  await expect(carried).toContainText('From your request');
  for (const [label, value] of [
    ['Service type', service.label],
    ['What needs moving', details],
    ['Collection postcode', 'M1 1AE'],
    ['Delivery postcode', 'LS1 4AP'],
  ])
    await expect(carried.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]')).toHaveText(value!);
  // No size fits every specialty item: none is chosen for the customer, and the line says what the estimate is.
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(intro(page).locator('[data-service-estimate]')).toHaveText(service.estimate!);
  expect(await axeViolations(page), 'step 1 with a carried request').toEqual([]);

  await page.getByText('1 bedroom / Studio', { exact: true }).click();
  await continueButton(page).click();
  await continueButton(page).click();
  await expect(page.getByRole('combobox', { name: 'Moving from' })).toHaveValue('M1 1AE');
  await expect(page.getByRole('combobox', { name: 'Moving to' })).toHaveValue('LS1 4AP');
  await expect(page.locator('[data-quote-total]')).toBeVisible();
  await continueButton(page).click();
  await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed(nextDay(3)));
  await continueButton(page).click();

  const notes = page.getByLabel('Additional Information (Optional)');
  await expect(notes).toHaveValue(`Service: ${service.label}\n${details}`);
  await expect(notes).toHaveAttribute('aria-describedby', 'quote-additionalInfo-hint');
  await expect(page.locator('#quote-additionalInfo-hint')).toContainText(service.notesHint);
  const summary = page.locator('[data-booking-summary]');
  await expect(summary).toContainText(service.label);
  await expect(summary).toContainText(service.totalNote!);

  const email = uniqueEmail('specialty');
  await page.getByLabel('Full Name').fill('Clara Schumann');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('07700 900456');
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  // Stored as the customer saw it, then e-mailed to the business.
  const stored = () =>
    queryD1<{ reference: string; additional_info: string }>('SELECT reference, additional_info FROM quote_requests WHERE email = ?', email);
  await expect.poll(() => stored().length).toBe(1);
  const [{ reference, additional_info }] = stored() as [{ reference: string; additional_info: string }];
  expect(additional_info).toBe(`Service: ${service.label}\n${details}`);
  await expect.poll(async () => (await emailsFor(reference)).length).toBe(2);
  const business = (await emailsFor(reference)).find((e) => ![e.to].flat().includes(email))!;
  expect(business.html).toContain(service.label);
  expect(business.html).toContain(details);
});

test('a single item: furniture moving preselects the Mini Move, and the notes and summary name the service', async ({ page }) => {
  const service = findService('furniture-moving' satisfies ServiceValue)!;
  await open(page, quoteHref(service.value));
  await expect(page).toHaveURL(/\/quote$/);
  await toStep5(page, { from: 'SW1A 1AA', to: 'EC1A 1BB' });
  await expect(page.getByLabel('Additional Information (Optional)')).toHaveValue(`Service: ${service.label}`);
  const serviceRow = page.locator('[data-booking-summary] dt', { hasText: 'Property size' }).locator('xpath=following-sibling::dd[1]');
  await expect(serviceRow).toHaveText(`${findPackage('mini')!.title}${service.label}`);
});

test('car transport: the call-back offered on step 1 opens the call-back dialog', async ({ page }) => {
  await open(page, quoteHref('car-transport'));
  const offer = intro(page).getByRole('button', { name: 'Ask for a call-back' });
  await offer.click();
  const dialog = page.getByRole('dialog', { name: 'Request a call back' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(offer).toBeFocused();
});

test('car transport: step 1 asks about the car and sends a priced-on-request call-back lead with its reference', async ({ page }) => {
  const name = `Car ${Date.now()}`;
  await open(page, quoteHref('car-transport'));
  await expectStep(page, CAR_COPY.title);
  const form = page.locator('[data-car-form]');
  await form.getByRole('button', { name: CAR_COPY.button }).click();
  await expect(form.getByText('Please enter the make and model of the car.')).toBeVisible();
  await expect(form.getByText('Please say whether the car runs.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: QUOTE_LABELS.carVehicle })).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page), 'the car form with its errors').toEqual([]);

  await form.getByRole('textbox', { name: QUOTE_LABELS.carVehicle }).fill('Volvo V70');
  await form.getByRole('radio', { name: new RegExp(CAR_RUNS[0].label) }).check();
  await form.getByRole('textbox', { name: QUOTE_LABELS.carFrom }).fill('ls1 4ap');
  await form.getByRole('textbox', { name: QUOTE_LABELS.carTo }).fill('BS1 5TR');
  await form.getByRole('textbox', { name: QUOTE_LABELS.carName }).fill(name);
  await form.getByRole('textbox', { name: QUOTE_LABELS.carPhone }).fill('07700 900654');
  // Its written quote goes by e-mail (issue 40 item 2): a wrong address is refused by its field, then put right.
  const email = form.getByRole('textbox', { name: QUOTE_LABELS.carEmail });
  await expect(email).toHaveAccessibleDescription(QUOTE_HINTS.requestEmail);
  await email.fill('volvo owner');
  await form.getByRole('button', { name: CAR_COPY.button }).click();
  await expect(email).toHaveAccessibleDescription(`${QUOTE_HINTS.requestEmail} Error: Please enter a valid email address.`);
  await email.fill('volvo.owner@example.com');
  await form.getByRole('button', { name: CAR_COPY.button }).click();
  const sent = page.locator('[data-car-sent]');
  await expect(sent).toContainText(CAR_COPY.sent);
  const reference = (await sent.locator('strong').textContent())!.trim();
  expect(queryD1('SELECT name, phone, email, car FROM callback_requests WHERE reference = ?', reference)).toEqual([
    {
      name,
      phone: '07700 900654',
      email: 'volvo.owner@example.com',
      car: JSON.stringify({ vehicle: 'Volvo V70', runs: CAR_RUNS[0].value, from: 'LS1 4AP', to: 'BS1 5TR' }),
    },
  ]);
  expect(await axeViolations(page), 'the car request sent').toEqual([]);

  // Belongings as well: the sizes come back, with the car's note above them.
  await page.getByRole('button', { name: CAR_COPY.belongingsButton }).click();
  await expectStep(page, QUOTE_STEPS[1]);
  await expect(page.locator('#quote-step-title')).toBeFocused();
  await page.getByText('1 bedroom / Studio', { exact: true }).click();
  await expect(continueButton(page)).toBeEnabled();
});

test('an unknown service is kept as the customer sent it, without a size', async ({ page }) => {
  await open(page, '/quote?service=hot%20tub&from=BS1%205TR');
  await expect(intro(page)).toHaveAttribute('data-quote-service', '');
  await expect(intro(page).locator('[data-carried-request]')).toContainText('hot tub');
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
});

/** Issue 30 item 5: without JavaScript each kind of quote link keeps what it carries, as the wizard does. */
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  const plainForm = (page: Page) => page.locator('form[data-quote-form]');

  for (const service of mainServices) {
    test(`${service.page}: its quote link opens the form naming the service, with the size it suggests`, async ({ page }) => {
      await page.goto(service.page);
      await page
        .locator(`main a[href="${quoteHref(service.value)}"]`)
        .first()
        .click();
      await page.waitForURL(/\/quote\?service=/);
      const note = plainForm(page).locator('[data-quote-form-service]');
      await expect(note.getByRole('heading', { name: service.label })).toBeVisible();
      if (service.suggestedSize) {
        await expect(page.getByRole('radio', { name: new RegExp(findPackage(service.suggestedSize.id)!.title) })).toBeChecked();
      }
      await expect(page.getByLabel(QUOTE_LABELS.additionalInfo)).toHaveValue(`Service: ${service.label}`);
    });
  }

  test('/services/other: the service type, description and postcodes arrive filled in, and reach the business', async ({ page }) => {
    const email = uniqueEmail('other-nojs');
    const specialty = findService('specialty')!;
    const details = 'An upright <b>piano</b>, two steps at the front door';
    await page.goto('/services/other');
    await page.getByLabel('Service type').selectOption(specialty.value);
    await page.getByLabel('What needs moving?').fill(details);
    await page.getByLabel('Collection postcode').fill('M1 1AE');
    await page.getByLabel('Delivery postcode').fill('LS1 4AP');
    await page.getByRole('button', { name: 'Continue to my quote' }).click();

    await expect(plainForm(page).locator('[data-quote-form-service]').getByRole('heading', { name: specialty.label })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Moving from Postcode' })).toHaveValue('M1 1AE');
    await expect(page.getByRole('textbox', { name: 'Moving to Postcode' })).toHaveValue('LS1 4AP');
    const notes = `Service: ${specialty.label}\n${details}`;
    await expect(page.getByLabel(QUOTE_LABELS.additionalInfo)).toHaveValue(notes);

    await page.getByRole('radio', { name: new RegExp(findPackage('studio')!.title) }).check();
    await page.getByLabel('Move date').fill(nextDay(3));
    await page.getByLabel(QUOTE_LABELS.name).fill('Ada Lovelace');
    await page.getByLabel(QUOTE_LABELS.email).fill(email);
    await page.getByLabel(QUOTE_LABELS.phone).fill('07700 900123');
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await page.waitForURL(/\/quote-confirmation\?/);
    const [row] = queryD1<{ service: string; from_postcode: string; to_postcode: string; additional_info: string }>(
      'SELECT service, from_postcode, to_postcode, additional_info FROM quote_requests WHERE email = ?',
      email,
    );
    // A browser sends a textarea's line breaks as CR LF.
    expect({ ...row, additional_info: row!.additional_info.replaceAll('\r\n', '\n') }).toEqual({
      service: specialty.value,
      from_postcode: 'M1 1AE',
      to_postcode: 'LS1 4AP',
      additional_info: notes,
    });
  });
});
