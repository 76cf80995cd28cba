/**
 * /quote when the wizard's script never runs: with JavaScript switched off, and with JavaScript on but the wizard's
 * chunk failing to download. The page is then a complete form posted to the Worker (POST /quote). And when the script
 * does run, the wizard takes the form's place: nothing of the form is left, and nothing typed into it is lost.
 */
import type { Page } from '@playwright/test';
import { test, expect, axeViolations, waitForHydration } from './fixtures';
import { CONFIRMATION_URL, emailsFor, nextDay, uniqueEmail } from './quote-helpers';
import { findService } from '../../src/data/services';
import { site } from '../../src/site.config';
import { CAR_COPY, CAR_RUNS } from '../../src/data/car-transport';
import { QUOTE_LABELS } from '../../src/data/quote-labels';
import { ceiling } from '../shared/load';

const EMAIL_MESSAGE = 'Enter an email address in the correct format, like name@example.com';
/** The page a post leads to (post/redirect/get): its address names a stored state, never an answer. */
const AFTER_POST = /\/quote\?form=[\w-]{32}$/;

/** The wizard's own chunk (the island's component-url), and Astro's retry of it (`?astro-retry=`): aborted, as a flaky connection would. */
const WIZARD_CHUNK = /\/_astro\/QuoteWizard\.[\w-]+\.js(\?astro-retry=\d+)?$/;

const form = (page: Page) => page.locator('form[data-quote-form]');
/** Each end of the route is a group: its postcode and its address line are named after it ("Moving from Postcode"). */
const postcodeField = (page: Page, end: 'from' | 'to') => page.getByRole('textbox', { name: `Moving ${end} Postcode` });
const addressField = (page: Page, end: 'from' | 'to') => page.getByRole('textbox', { name: `Moving ${end} Address line 1` });
const summary = (page: Page) => page.locator('[data-error-summary]');

async function fillRoute(page: Page, { from = 'SW1A 1AA', to = 'M1 1AE', date = nextDay(6) } = {}) {
  await page.getByRole('radio', { name: /2 bedrooms/ }).check();
  await page.getByRole('checkbox', { name: /Sofa/ }).check();
  await postcodeField(page, 'from').fill(from);
  await addressField(page, 'from').fill('Flat 3, 12 Canal Street');
  await postcodeField(page, 'to').fill(to);
  await page.getByLabel('Move date').fill(date);
}

async function fillContact(page: Page, email: string) {
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('07700 900123');
}

/**
 * The whole walk: a mistake, its fix, a price, the submit, the confirmation, the e-mail. `checkAxe` runs axe on each
 * state the Worker answers with: only where scripts can run (axe is one), which the page's HTML does not need.
 */
async function walk(page: Page, { checkAxe }: { checkAxe: boolean }) {
  const email = uniqueEmail('nojs');
  const saturday = nextDay(6);
  // SW1A 1AA to M1 1AE, 2 bedrooms, a sofa, on a Saturday: £599 + £344 (distance, tests/shared/routes.ts) + 15 % of £599
  // (£89.85, £90) + £225 = £1,258.
  const price = '£1,258';
  const axe = async (state: string) => {
    if (checkAxe) expect(await axeViolations(page), state).toEqual([]);
  };

  await page.goto('/quote');
  await expect(form(page)).toBeVisible();
  await expect(summary(page)).toBeHidden();
  await axe('the empty form');

  // Submitting with a mistake: the same page, the summary focused, the messages at their fields, values kept.
  await fillRoute(page, { date: saturday });
  await fillContact(page, 'ada-at-example.com');
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await expect(summary(page)).toBeFocused();
  await expect(page).toHaveTitle(/^Error: /);
  await expect(page).toHaveURL(AFTER_POST);
  await expect(summary(page).getByRole('link')).toHaveText([EMAIL_MESSAGE]);
  await expect(page.getByLabel('Email Address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#qf-email-error')).toHaveText(EMAIL_MESSAGE);
  // A reload asks for the page again (a GET), never to send the form again, and shows the same answers.
  const reloaded = page.waitForRequest((request) => AFTER_POST.test(request.url()));
  await page.reload();
  expect((await reloaded).method()).toBe('GET');
  await expect(page.locator('#qf-email-error')).toHaveText(EMAIL_MESSAGE);
  await expect(postcodeField(page, 'from')).toHaveValue('SW1A 1AA');
  await expect(addressField(page, 'from')).toHaveValue('Flat 3, 12 Canal Street');
  await expect(page.getByRole('radio', { name: /2 bedrooms/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Sofa/ })).toBeChecked();
  await axe('the error summary');
  // The summary's link goes to the field.
  await summary(page).getByRole('link').click();
  await expect(page).toHaveURL(/#qf-email$/);

  // Fixed, then 'Check my price': the server's Estimated Quote, focused and in view, every value still there.
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Check my price' }).click();
  const card = page.locator('#quote-price');
  await expect(card).toBeFocused();
  await expect(card).toBeInViewport();
  await expect(card.locator('[data-price-total]')).toHaveText(price);
  await expect(card).toContainText('Weekend surcharge£90');
  await expect(card).toContainText('miles as the crow flies');
  await expect(summary(page)).toBeHidden();
  await expect(page.getByLabel('Email Address')).toHaveValue(email);
  await expect(page.getByLabel('Move date')).toHaveValue(saturday);
  await axe('the priced card');

  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await page.waitForURL(CONFIRMATION_URL);
  await expect(page.getByRole('heading', { name: 'Quote Request Sent Successfully!' })).toBeVisible();
  const reference = (await page.locator('[data-reference]').textContent())!.trim();
  await expect(page.locator('[data-confirmation-total]')).toHaveText(price);
  await expect(page.locator('[data-confirmation]')).toContainText('Flat 3, 12 Canal Street, SW1A 1AA');
  await axe('the confirmation');

  await expect.poll(async () => (await emailsFor(reference)).length).toBe(2);
  const customer = (await emailsFor(reference)).find((e) => [e.to].flat().includes(email))!;
  expect(customer.subject).toContain(price);
  expect(customer.html).toContain(reference);
}

test.describe('with JavaScript switched off', () => {
  test.use({ javaScriptEnabled: false });

  test('check a price, fix an error, submit, land on the confirmation; the e-mail has the same reference and total', async ({ page }) => {
    test.setTimeout(ceiling(60_000));
    await walk(page, { checkAxe: false });
  });

  test('a postcode the service does not know comes back at its field, with the other values kept', async ({ page }) => {
    await page.goto('/quote');
    await fillRoute(page, { from: 'ZZ9 9ZZ' });
    await page.getByRole('button', { name: 'Check my price' }).click();
    await expect(summary(page)).toBeFocused();
    await expect(page.locator('#qf-fromPostcode-error')).toHaveText(
      `We could not find this postcode. Check it, or call us on ${site.phone.display} and we will price your move`,
    );
    await expect(page.locator('[data-postcode-help]')).toBeVisible();
    await expect(page.locator('[data-postcode-help]').getByRole('link', { name: site.phone.display })).toBeVisible();
    await expect(postcodeField(page, 'from')).toHaveAttribute('aria-invalid', 'true');
    await expect(postcodeField(page, 'to')).toHaveValue('M1 1AE');
    await expect(page.locator('#quote-price')).toBeHidden();
  });
});

/** A car-transport quote from the service page's link: the note, the hidden service, the caveat on the confirmation and in the e-mail. */
async function carWalk(page: Page, { checkAxe }: { checkAxe: boolean }) {
  const car = findService('car-transport')!;
  const email = uniqueEmail('nojs-car');
  await page.goto('/quote?service=car-transport');
  const note = page.locator('[data-quote-form-service]');
  await expect(note).toBeVisible();
  await expect(note.getByRole('heading', { name: car.label })).toBeVisible();
  await expect(note).toContainText(car.estimate!);
  await expect(note.getByRole('link', { name: site.phone.display })).toBeVisible();
  if (checkAxe) expect(await axeViolations(page), 'the service note').toEqual([]);
  await fillRoute(page);
  await page.getByRole('button', { name: 'Check my price' }).click();
  await expect(page.locator('#quote-price')).toContainText(car.totalNote!);
  // The note stays with the form after a post.
  await expect(note).toBeVisible();
  await fillContact(page, email);
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await page.waitForURL(CONFIRMATION_URL);
  await expect(page.locator('[data-service-note]')).toHaveText(car.totalNote!);
  if (checkAxe) expect(await axeViolations(page), 'the confirmation with a service note').toEqual([]);
  const reference = (await page.locator('[data-reference]').textContent())!.trim();
  await expect.poll(async () => (await emailsFor(reference)).length).toBe(2);
  for (const mail of await emailsFor(reference)) expect(mail.subject).toContain(car.subjectNote!);
}

test.describe('a service page’s quote with JavaScript switched off', () => {
  test.use({ javaScriptEnabled: false });
  test('car transport: the note, the service sent, the caveat on the confirmation and in both e-mail subjects', async ({ page }) => {
    test.setTimeout(ceiling(60_000));
    await carWalk(page, { checkAxe: false });
  });
});

/** Car transport's own questions on the plain form: errors at once, then a stored priced-on-request lead with its reference. */
async function carRequest(page: Page, { checkAxe }: { checkAxe: boolean }) {
  await page.goto('/quote?service=car-transport');
  const car = page.locator('[data-car-request]');
  await expect(car.getByRole('heading', { name: CAR_COPY.title })).toBeVisible();
  await car.getByRole('button', { name: CAR_COPY.button }).click();
  await page.waitForURL(AFTER_POST);
  await expect(summary(page)).toBeFocused();
  await expect(summary(page)).toContainText('Enter the make and model of the car, like Ford Focus');
  await expect(summary(page)).toContainText('Select whether the car runs');
  if (checkAxe) expect(await axeViolations(page), 'the car questions refused').toEqual([]);

  const name = `No-JS car ${Date.now()}`;
  await car.getByRole('textbox', { name: QUOTE_LABELS.carVehicle }).fill('Land Rover Defender');
  await car.getByRole('radio', { name: new RegExp(CAR_RUNS[1].label) }).check();
  await car.getByRole('textbox', { name: QUOTE_LABELS.carFrom }).fill('EH1 1YZ');
  await car.getByRole('textbox', { name: QUOTE_LABELS.carTo }).fill('SW1A 1AA');
  await car.getByRole('textbox', { name: QUOTE_LABELS.carName }).fill(name);
  await car.getByRole('textbox', { name: QUOTE_LABELS.carPhone }).fill('07700 900987');
  // Enter in one of the car's fields sends the car's form, not the quote's.
  await car.getByRole('textbox', { name: QUOTE_LABELS.carPhone }).press('Enter');
  await page.waitForURL(AFTER_POST);
  const sent = page.locator('[data-car-sent]');
  await expect(sent).toBeFocused();
  await expect(sent).toContainText(CAR_COPY.sent);
  const reference = (await sent.locator('strong').textContent())!.trim();
  await expect
    .poll(async () => (await emailsFor(reference)).map((mail) => mail.subject))
    .toEqual([expect.stringContaining('Car transport, priced on request (EH1 1YZ to SW1A 1AA)')]);
  if (checkAxe) expect(await axeViolations(page), 'the car request sent').toEqual([]);
}

test.describe('car transport with JavaScript switched off', () => {
  test.use({ javaScriptEnabled: false });
  test('the car’s own questions and button: errors at once, then a stored priced-on-request lead', async ({ page }) => {
    await carRequest(page, { checkAxe: false });
  });
});

test('car transport with the wizard’s script blocked: the same questions, axe clean in each state', async ({ page }) => {
  test.setTimeout(ceiling(90_000));
  await page.route(WIZARD_CHUNK, (route) => route.abort('internetdisconnected'));
  await carRequest(page, { checkAxe: true });
});

test('a service page’s quote with the wizard’s script blocked: axe on the service note and the confirmation', async ({ page }) => {
  test.setTimeout(ceiling(90_000));
  await page.route(WIZARD_CHUNK, (route) => route.abort('internetdisconnected'));
  await carWalk(page, { checkAxe: true });
});

test('with the wizard’s script blocked (JavaScript on), the same form works; axe on every state it answers with', async ({ page }) => {
  test.setTimeout(ceiling(90_000));
  const blocked: string[] = [];
  await page.route(WIZARD_CHUNK, (route) => {
    blocked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await walk(page, { checkAxe: true });
  // The first download and Astro's retry of it, on each /quote page the walk loaded.
  expect(blocked.some((url) => url.includes('astro-retry'))).toBe(true);
});

test('where the wizard will run, its shape paints first (not the form); when it runs nothing of the form is left', async ({ page }) => {
  // Hold the wizard's chunk, as a slow connection does: the page shows the wizard's first step, never the plain form.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(WIZARD_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/quote');
  const shape = page.locator('[data-wizard-shape]');
  await expect(shape).toBeVisible();
  await expect(shape).toContainText('How big is your space?');
  await expect(form(page)).toBeHidden();
  expect(await axeViolations(page), 'the wizard’s shape').toEqual([]);
  release();

  await waitForHydration(page);
  await expect(shape).toHaveCount(0);
  await expect(form(page)).toHaveCount(0);
  await expect(page.locator('[data-quote-wizard]')).toBeVisible();
  // Every control a keyboard reaches on the page belongs to the wizard or the page around it, never a form control left behind.
  const reachable = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('input, select, textarea, button, a[href]')]
      .filter((el) => el.offsetParent !== null && el.tabIndex >= 0)
      .map((el) => el.closest('form')?.id ?? ''),
  );
  expect(reachable).not.toContain('quote-form');
});

test('if the wizard throws as it loads, the plain form is the page, and what is typed there carries into the wizard later', async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(WIZARD_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/quote');
  // An error on the page before the wizard draws: the form is shown rather than a shape that may never come alive.
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error('a script failed');
    }),
  );
  await expect(form(page)).toBeVisible();
  await expect(page.locator('[data-wizard-shape]')).toBeHidden();
  await page.getByRole('radio', { name: /3 bedrooms/ }).check();
  await postcodeField(page, 'from').fill('LS1 1UR');
  await addressField(page, 'from').fill('4 Park Row');
  release();

  await waitForHydration(page);
  await expect(form(page)).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /3 bedrooms/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('combobox', { name: 'Moving from' })).toHaveValue('LS1 1UR');
  await expect(page.getByRole('textbox', { name: 'Moving from Address line 1' })).toHaveValue('4 Park Row');
});
