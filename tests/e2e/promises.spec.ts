/**
 * Issue 30, item 8, "copy that never contradicts itself": every page of the build (each file of dist/, with every
 * state the Worker may show, hidden or not), every page of the sitemap as served, and the pages the Worker fills at
 * request time (a stored quote's page, and after asking to book and cancelling; the quote form after 'Check my price';
 * the FAQ searched; the contact page after a message) state each promise only in the figures of src/data/promises.ts
 * (tests/shared/promise-rules.ts). Beside tests/e2e/claims.spec.ts, which does the same for the marketing claims.
 * Issue 30, item 12: and no invented publication or partner appears on any of them.
 */
import { globSync, readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { linkParts, nextDay, storeQuote } from './quote-helpers';
import { isSourced, partnerRetailers, press } from '../../src/data/launch-content';
import {
  afterAQuote,
  cancellationTiers,
  DECLARE_VALUABLES,
  FREE_CANCELLATION,
  FREE_CANCELLATION_SHORT,
  hoursText,
  openingHours,
} from '../../src/data/promises';
import { PAGE_PATHS } from '../../src/lib/api';
import { jsonLd, pageText } from '../shared/page-text';
import { answerPromises, openingHoursProblems, promiseProblems } from '../shared/promise-rules';
import { BLANK_QUOTE_FORM } from '../shared/quote-form';
import { ceiling } from '../shared/load';

const PAGES_OUTSIDE_THE_SITEMAP = ['/404', '/login'];

/**
 * A word run into the link or bold word beside it ("free survey</a>instead"): a line break between them in the source,
 * which the compiler drops (issue 41 item 6). Each as the words around it.
 */
function gluedWords(html: string): string[] {
  const glued = /[^\s>]<\/(?:a|strong|em|b)>[A-Za-z]|[A-Za-z]<(?:a|strong|em|b)[\s>]/g;
  return [...html.matchAll(glued)].map((match) => html.slice(Math.max(0, match.index - 30), match.index + 30).replace(/\s+/g, ' '));
}
const client = () => `promises-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** A plain form post from our own site, its redirect followed. */
async function postForm(request: APIRequestContext, baseURL: string, path: string, fields: Record<string, string>) {
  const posted = await request.post(path, {
    form: fields,
    headers: { Origin: baseURL, 'X-Test-Client': client() },
    maxRedirects: 0,
  });
  expect(posted.status(), `${path} ${fields.action}`).toBe(303);
  const location = posted.headers()['location']!;
  const page = await request.get(location, { maxRedirects: 0 });
  expect(page.status(), location).toBe(200);
  return { location, html: await page.text() };
}

/** The pages the Worker writes at request time, by what they are. */
async function requestTimePages(request: APIRequestContext, baseURL: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const quote = await storeQuote(request, { moveDate: nextDay(3) });
  const opened = await request.get(quote.confirmationUrl);
  expect(opened.status()).toBe(200);
  pages.set('a stored quote’s page', await opened.text());
  const { ref, t } = linkParts(quote.confirmationUrl);
  const booked = await postForm(request, baseURL, PAGE_PATHS.confirmation, { ref, t, action: 'book' });
  expect(booked.location).toContain('done=booking_requested');
  pages.set('the quote’s page after asking to book', booked.html);
  const cancelled = await postForm(request, baseURL, PAGE_PATHS.confirmation, { ref, t, action: 'cancel-confirm' });
  expect(cancelled.location).toContain('done=cancelled');
  pages.set('the quote’s page after cancelling', cancelled.html);

  const priced = await postForm(request, baseURL, '/quote', {
    ...BLANK_QUOTE_FORM,
    action: 'price',
    propertyId: 'studio',
    fromPostcode: 'SW1A 1AA',
    toPostcode: 'M1 1AE',
    moveDate: nextDay(3),
  });
  expect(priced.location).toMatch(/^\/quote\?form=/);
  pages.set('the quote form after Check my price', priced.html);

  for (const path of ['/faq?q=cancel', '/faq?q=insurance', '/contact?sent=1&ref=ABC123']) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    pages.set(path, await answer.text());
  }
  return pages;
}

test('no built, served or filled page states a promise in other figures than src/data/promises.ts', async ({ request, baseURL }) => {
  test.setTimeout(ceiling(120_000));
  const problems: string[] = [];
  const texts = new Map<string, string>();
  const read = (where: string, html: string) => {
    const text = pageText(html);
    texts.set(where, text);
    for (const problem of [...promiseProblems(text), ...openingHoursProblems(jsonLd(html))]) problems.push(`${where}: ${problem}`);
    for (const glued of gluedWords(html)) problems.push(`${where}: words run together "${glued}"`);
  };

  const files = globSync('dist/client/**/*.html');
  expect(files.length).toBeGreaterThan(25);
  for (const file of files) read(file, readFileSync(file, 'utf8'));

  const page = await request.get('/sitemap-0.xml');
  const paths = [...(await page.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  for (const path of [...paths, ...PAGES_OUTSIDE_THE_SITEMAP]) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    read(path, await answer.text());
  }
  for (const [what, html] of await requestTimePages(request, baseURL!)) read(what, html);

  expect(problems).toEqual([]);

  // The rules can fail only if the promises are there to be read: each is, in its one wording.
  const said = (where: string, words: string) => expect(texts.get(where), `${where} says "${words}"`).toContain(words);
  said('/', FREE_CANCELLATION_SHORT);
  said('/', FREE_CANCELLATION);
  said('/faq', FREE_CANCELLATION);
  said('/terms-and-conditions', FREE_CANCELLATION);
  said('/faq', DECLARE_VALUABLES);
  said('/terms-and-conditions', DECLARE_VALUABLES);
  for (const tier of cancellationTiers) said('/terms-and-conditions', tier.detail);
  for (const hours of openingHours) said('/contact', `${hours.label}:\n${hoursText(hours)}`);
  for (const step of afterAQuote) said('a stored quote’s page', `${step.title}\n${step.text}`);
});

test('the check for words run together finds the slip, and not words apart', () => {
  expect(gluedWords('<a href="#qf-survey">Ask for a free survey</a>instead of an estimate')).toHaveLength(1);
  expect(gluedWords('Use code <strong class="x">FIRSTMOVE10</strong>for 10% off')).toHaveLength(1);
  expect(gluedWords('Ask for a free survey</a> instead, <a href="/x">here</a>. Use <strong>FIRSTMOVE10</strong>: 10% off')).toEqual([]);
});

test('every "within N hours" of the built pages and of the components is of a kind we know, each kind in one figure (issue 41 item 6)', () => {
  const read: Array<[where: string, text: string]> = [
    ...globSync('dist/client/**/*.html').map((file): [string, string] => [file, pageText(readFileSync(file, 'utf8'))]),
    // The components, islands, data and e-mails as written: what the on-demand pages, the wizard and the e-mails say.
    ...globSync('{src,functions}/**/*.{astro,ts,tsx}').map((file): [string, string] => [file, readFileSync(file, 'utf8')]),
  ];
  const figures = new Map<string, Set<number>>();
  const unknown: string[] = [];
  for (const [where, text] of read) {
    for (const promise of answerPromises(text)) {
      if (!promise.kind) unknown.push(`${where}: "${promise.sentence}"`);
      else figures.set(promise.kind.kind, (figures.get(promise.kind.kind) ?? new Set()).add(promise.hours));
    }
  }
  expect(unknown).toEqual([]);
  // The spec's figures (section 9): a reply within 1 hour, a call-back and a written quote within 24, claims in 48 on average.
  expect(Object.fromEntries([...figures].map(([kind, hours]) => [kind, [...hours]]))).toEqual({
    'a reply to a message': [1],
    'a call-back': [24],
    'a written quote after a booking request': [24],
    'a claim settled': [48],
  });
});

test('no invented publication or retail partner appears on any page (issue 30, item 12)', async ({ page }) => {
  const invented = [
    ...press.filter((item) => !isSourced(item)).flatMap((item) => [item.publication, item.headline]),
    ...partnerRetailers.filter((partner) => !isSourced(partner)).map((partner) => partner.name),
  ];
  expect(invented.length).toBeGreaterThan(0);
  const found: string[] = [];
  for (const file of globSync('dist/client/**/*.html')) {
    const text = pageText(readFileSync(file, 'utf8'));
    for (const name of invented) if (text.includes(name)) found.push(`${file}: ${name}`);
  }
  expect(found).toEqual([]);
  // And the sections that held them are left out rather than shown empty.
  for (const path of ['/', '/drivers']) {
    await page.goto(path);
    await expect(page.locator('#press-title, #partners-title')).toHaveCount(0);
  }
});
