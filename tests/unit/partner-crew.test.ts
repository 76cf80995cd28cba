/**
 * What a partner says as they accept an offer (issue 43 item 4): the window (one of the owner's) and how many come,
 * and how the customer then reads their crew. Expected values from the package table and worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { crewLine } from '~/lib/office/diary';
import { moversFor, partnerVan, readCrewAnswer } from '~/lib/partners/offers';

const WINDOWS = ['08-10', '10-12', '07:30-09:30'];

describe('the accept form', () => {
  it('takes one of the owner’s windows and a whole crew of 1 to 9', () => {
    expect(readCrewAnswer('10-12', '2', WINDOWS)).toEqual({ ok: true, window: '10-12', size: 2 });
    expect(readCrewAnswer('07:30-09:30', ' 9 ', WINDOWS)).toEqual({ ok: true, window: '07:30-09:30', size: 9 });
  });

  it('refuses a window the owner does not offer, or none, before the crew', () => {
    expect(readCrewAnswer('12-14', '2', WINDOWS)).toEqual({ ok: false, field: 'window' });
    expect(readCrewAnswer(null, '0', WINDOWS)).toEqual({ ok: false, field: 'window' });
  });

  it('refuses a crew of none, ten, a part of one, or words', () => {
    for (const size of ['0', '10', '2.5', 'two', '', null])
      expect(readCrewAnswer('08-10', size, WINDOWS)).toEqual({ ok: false, field: 'crewSize' });
  });
});

describe('the partner’s crew as the customer reads it', () => {
  it('offers first the movers the package names: two for a studio, three for two bedrooms, four for three', () => {
    expect([moversFor('mini'), moversFor('studio'), moversFor('two-bed'), moversFor('three-bed')]).toEqual([2, 2, 3, 4]);
    expect(moversFor('surveyed')).toBe(2);
  });

  it('names the van by its tonnes', () => {
    expect(partnerVan(3.5)).toBe('3.5-tonne van');
    expect(partnerVan(7)).toBe('7-tonne van');
    expect(crewLine({ lead: 'Wren', size: 2, van: partnerVan(3.5), window: '10-12' })).toBe(
      'crew of 2 led by Wren (3.5-tonne van), arriving 10 am–12 noon',
    );
    expect(crewLine({ lead: 'Tom', size: 3, van: 'luton', window: '08-10' })).toBe('crew of 3 led by Tom (Luton van), arriving 8–10 am');
  });
});
