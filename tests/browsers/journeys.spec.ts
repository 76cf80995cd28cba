/**
 * The core journeys in Firefox ESR and WebKitGTK (projects firefox-esr and webkitgtk in playwright.config.ts): what a
 * customer does on the site, found by what they see (roles, names, labels, text). Chromium runs the full suite in
 * tests/e2e; this one proves the same site works in the two other engines. Every test also ends by checking that no
 * page reported an error (fixtures.ts).
 */
import { faqCategories } from '../../src/data/faqs';
import { findFurniture } from '../../src/data/furniture';
import { findPackage } from '../../src/data/packages';
import { QUOTE_BUTTONS, QUOTE_LABELS, QUOTE_ROUTE_ENDS } from '../../src/data/quote-labels';
import { CONSENT_KEY, consentRecord, NO_OPTIONAL } from '../../src/scripts/consent-record';
import { nextDay, typed, uniqueEmail } from '../e2e/quote-helpers';
import { siteEnv } from '../e2e/site-env';
import { publishedArticles, sectionTitles } from '../shared/article-collection';
import { label, role, startsWith, text, type Query } from './engine';
import { ceiling } from '../shared/load';
import { test, expect } from './fixtures';
import { ROUTE } from './route';
import { calendarProblems } from '../shared/calendar-boxes';

const cookieHeading = role('heading', 'We use cookies');

/** A returning visitor who has already answered the cookie banner (so it never covers the page). */
async function withConsentStored(browse: import('./engine').Engine<unknown>): Promise<void> {
  await browse.goto('/robots.txt');
  await browse.setLocalStorage(CONSENT_KEY, JSON.stringify(consentRecord(NO_OPTIONAL)));
}

test('home, then the newest article from its list', async ({ browse }) => {
  await withConsentStored(browse);
  await browse.goto('/');
  await browse.see({ role: 'heading', level: 1 });
  const guides = role('region', 'Latest from our guides');
  const title = await browse.textOf({ role: 'heading', level: 3, within: guides });
  expect(title.length).toBeGreaterThan(10);
  await browse.click(role('link', title, guides));
  await browse.reach(/^\/articles\/[\w-]+$/);
  await browse.see({ role: 'heading', level: 1, name: title });
});

test("an article opened at one of its sections shows that section's heading below the sticky header", async ({ browse }) => {
  const article = publishedArticles(siteEnv('articlesToday')).find((candidate) => sectionTitles(candidate).length > 0);
  test.skip(!article, 'no article has a section heading');
  const title = sectionTitles(article!).at(-1)!;
  const heading = role('heading', title);
  await withConsentStored(browse);
  await browse.goto(`/articles/${article!.id}`);
  const id = await browse.attributeOf(heading, 'id');
  expect(id).toBeTruthy();
  await browse.goto(`/articles/${article!.id}#${id}`);
  const header = await browse.boxOf(role('banner'));
  const { top } = await browse.boxOf(heading);
  expect(top).toBeGreaterThanOrEqual(header.bottom);
  expect(top).toBeLessThan(header.bottom + 200);
});

test('FAQ search narrows the questions to the one asked', async ({ browse }) => {
  const asked = faqCategories[2]!.items[0]!.question;
  const other = faqCategories[0]!.items[0]!.question;
  await withConsentStored(browse);
  await browse.goto('/faq');
  await browse.see(text(other));
  await browse.type(role('searchbox', /search/i), asked);
  await browse.notSee(text(other));
  await browse.see(text(asked));
});

test('cookie banner: Reject All stores only the essential, Accept All stores everything', async ({ browse }) => {
  for (const [button, optional] of [
    ['Reject All', false],
    ['Accept All', true],
  ] as const) {
    await browse.forgetSite();
    await browse.goto('/');
    await browse.click(role('button', button), { timeoutMs: ceiling(20_000) });
    await browse.notSee(cookieHeading);
    const stored = JSON.parse((await browse.localStorage(CONSENT_KEY)) ?? 'null');
    expect(stored, button).toMatchObject({ essential: true, analytics: optional, functional: optional, marketing: optional });
  }
});

test('the quote wizard through all five steps to its confirmation, at the price the pricing rules give', async ({ browse }) => {
  const studio = findPackage(ROUTE.propertyId)!.title;
  const wardrobe = findFurniture(ROUTE.furnitureId)!.name;
  const next = role('button', 'Continue');
  await withConsentStored(browse);
  await browse.goto('/quote');

  // The wizard draws itself over the plain form, which has the same choices: wait for it (its Continue button).
  await browse.see(next, { timeoutMs: ceiling(20_000) });
  await browse.click(text(studio));
  await browse.click(next);
  await browse.click(role('button', startsWith(wardrobe)));
  await browse.click(next);
  // Each end's postcode is named after its group ("Moving from Postcode").
  await browse.type(role('combobox', startsWith(QUOTE_ROUTE_ENDS.from)), ROUTE.from);
  await browse.press('Tab');
  await browse.type(role('combobox', startsWith(QUOTE_ROUTE_ENDS.to)), ROUTE.to);
  await browse.press('Tab');
  await browse.see(text(ROUTE.total), { timeoutMs: ceiling(20_000) });
  await browse.click(next);
  await browse.type(label(QUOTE_LABELS.typedDate), typed(nextDay(3)));
  await browse.click(next);
  await browse.type(label(startsWith(QUOTE_LABELS.name)), 'Ada Lovelace');
  await browse.type(label(startsWith(QUOTE_LABELS.email)), uniqueEmail(`smoke-${browse.name}`));
  await browse.type(label(startsWith(QUOTE_LABELS.phone)), '07700 900123');
  await browse.click(role('button', QUOTE_BUTTONS.submit));

  await browse.reach(/^\/quote-confirmation\?ref=/, { timeoutMs: ceiling(20_000) });
  await browse.see(role('heading', 'Quote Request Sent Successfully!'));
  await browse.see(text(ROUTE.total));
});

test('the move-date calendar at 320, 360, 390 and 640 px (200 % zoom): every day and its four-digit total whole and apart', async ({
  browseNarrow: browse,
}) => {
  const next = role('button', 'Continue');
  await withConsentStored(browse);
  await browse.goto('/quote');
  await browse.setWidth(320);
  await browse.see(next, { timeoutMs: ceiling(20_000) });
  // Three bedrooms from Truro to Inverness with a sofa: every day's total has four digits.
  await browse.click(text(findPackage('three-bed')!.title));
  await browse.click(next);
  await browse.click(role('button', startsWith(findFurniture('sofa')!.name)));
  await browse.click(next);
  await browse.type(role('combobox', startsWith(QUOTE_ROUTE_ENDS.from)), 'TR1 2HW');
  await browse.press('Tab');
  await browse.type(role('combobox', startsWith(QUOTE_ROUTE_ENDS.to)), 'IV1 1EL');
  await browse.press('Tab');
  await browse.see(text(/^£\d,\d{3}$/), { timeoutMs: ceiling(20_000) });
  // The route map arrives after the price and moves Continue down a narrow page: wait for the page to settle.
  await browse.see(role('img', /^Map of the UK and Ireland/));
  await browse.click(next);
  await browse.see(role('button', /, £\d,\d{3}( \(weekend\))?$/), { timeoutMs: ceiling(20_000) });
  // 640 px is a 1280 px window at 200 % zoom.
  for (const width of [320, 360, 390, 640]) {
    await browse.setWidth(width);
    expect(await browse.measure(calendarProblems, null), `${browse.name} at ${width} px`).toEqual([]);
    expect(await browse.measure(calendarProblems, '£9,999'), `${browse.name} at ${width} px, £9,999 on every day`).toEqual([]);
  }
});

test('the call-back dialog takes a name and a number', async ({ browse }) => {
  const dialog: Query = role('dialog', 'Request a call back');
  await withConsentStored(browse);
  await browse.goto('/');
  // Without ::details-content (Firefox ESR 140) the header's links stay in its Menu at every width, as on a phone:
  // a person opens the Menu first.
  if (!(await browse.supportsCss('selector(::details-content)'))) await browse.click(text('Menu', role('banner')));
  await browse.click(role('link', 'Call Me Back', role('banner')));
  await browse.type(role('textbox', 'Full Name', dialog), 'Ada Lovelace');
  await browse.type(role('textbox', 'Phone Number', dialog), '07700 900123');
  await browse.click(role('button', 'Request call back', dialog));
  await browse.see(text('Request submitted!'));
  await browse.notSee(dialog);
});

test('the contact form sends a message', async ({ browse }) => {
  await withConsentStored(browse);
  await browse.goto('/contact');
  await browse.type(label('First name'), 'Grace');
  await browse.type(label('Last name'), 'Hopper');
  await browse.type(label('Email'), uniqueEmail(`contact-${browse.name}`));
  await browse.select(label('Subject'), 'A question about my quote');
  await browse.type(label('Message'), 'Can you move a piano up three flights of stairs?');
  await browse.click(role('button', 'Send message'));
  await browse.see(text(/Message sent successfully!/));
});
