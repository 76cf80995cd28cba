/**
 * The quote with JavaScript switched off (Firefox with `javascript.enabled` false; only the firefox-esr project runs
 * this file): the plain form priced by the Worker, then submitted to its confirmation; Back and Submit again is the
 * same quote.
 */
import { findFurniture } from '../../src/data/furniture';
import { findPackage } from '../../src/data/packages';
import { QUOTE_BUTTONS, QUOTE_LABELS, QUOTE_ROUTE_ENDS } from '../../src/data/quote-labels';
import { nextDay, uniqueEmail } from '../e2e/quote-helpers';
import { label, role, startsWith, text } from './engine';
import { expect, test } from './fixtures';
import { ROUTE } from './route';

test('the quote without JavaScript: priced by the server, submitted, confirmed, and the same quote when sent again', async ({
  browseWithoutJavaScript: browse,
}) => {
  await browse.goto('/quote');
  await browse.click(role('radio', startsWith(findPackage(ROUTE.propertyId)!.title)));
  await browse.click(role('checkbox', startsWith(findFurniture(ROUTE.furnitureId)!.name)));
  // Each end's postcode is named after its group ("Moving from Postcode").
  await browse.type(role('textbox', `${QUOTE_ROUTE_ENDS.from} ${QUOTE_LABELS.fromPostcode}`), ROUTE.from);
  await browse.type(role('textbox', `${QUOTE_ROUTE_ENDS.to} ${QUOTE_LABELS.toPostcode}`), ROUTE.to);
  await browse.click(role('button', QUOTE_BUTTONS.checkPrice));
  await browse.see(text(ROUTE.total));

  await browse.typeDate(label(startsWith(QUOTE_LABELS.moveDate)), nextDay(3));
  await browse.type(label(startsWith(QUOTE_LABELS.name)), 'Ada Lovelace');
  await browse.type(label(startsWith(QUOTE_LABELS.email)), uniqueEmail('smoke-nojs'));
  await browse.type(label(startsWith(QUOTE_LABELS.phone)), '07700 900123');
  await browse.click(role('button', QUOTE_BUTTONS.submit));
  await browse.reach(/^\/quote-confirmation\?ref=/);
  await browse.see(role('heading', 'Quote Request Sent Successfully!'));
  await browse.see(text(ROUTE.total));
});

test('issue 30 item 4: Submit, Back, Submit again is the same quote', async ({ browseWithoutJavaScript: browse }) => {
  const reference = (path: string) => new URLSearchParams(path.split('?')[1]).get('ref');
  await browse.goto('/quote');
  await browse.click(role('radio', startsWith(findPackage(ROUTE.propertyId)!.title)));
  await browse.type(role('textbox', `${QUOTE_ROUTE_ENDS.from} ${QUOTE_LABELS.fromPostcode}`), ROUTE.from);
  await browse.type(role('textbox', `${QUOTE_ROUTE_ENDS.to} ${QUOTE_LABELS.toPostcode}`), ROUTE.to);
  await browse.typeDate(label(startsWith(QUOTE_LABELS.moveDate)), nextDay(3));
  await browse.type(label(startsWith(QUOTE_LABELS.name)), 'Ada Lovelace');
  await browse.type(label(startsWith(QUOTE_LABELS.email)), uniqueEmail('smoke-nojs-back'));
  await browse.type(label(startsWith(QUOTE_LABELS.phone)), '07700 900123');
  await browse.click(role('button', QUOTE_BUTTONS.submit));
  const first = await browse.reach(/^\/quote-confirmation\?ref=/);

  await browse.back();
  await browse.click(role('button', QUOTE_BUTTONS.submit));
  const again = await browse.reach(/^\/quote-confirmation\?ref=/);
  expect(reference(again)).toBe(reference(first));
});
