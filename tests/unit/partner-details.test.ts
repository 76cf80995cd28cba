/**
 * The partner's own details (issue 43 item 3): checked by the application's rules, and what a change changed, in the
 * words the audit line uses. Expected values worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { detailsChanges, readDetails } from '~/lib/partners/apply';

const DANA = { phone: '07700 900123', districts: ['LS1', 'LS6', 'YO1'], vanTonnes: 7.5, registration: 'AB12CDE' };

describe('readDetails', () => {
  it('reads districts and registration as the application does', () => {
    expect(readDetails({ phone: ' 07700 900123 ', districts: 'ls1, yo1 LS1', van_tonnes: '3.5', registration: 'ab12 cde' })).toEqual({
      details: { phone: '07700 900123', districts: ['LS1', 'YO1'], vanTonnes: 3.5, registration: 'AB12CDE' },
    });
  });

  it('names every bad field', () => {
    expect(readDetails({ phone: '', districts: 'Leeds', van_tonnes: '0.5', registration: '!' })).toEqual({
      errors: {
        phone: 'Please enter your phone number.',
        districts:
          '"LEEDS" is not a postcode area or district. Use an area\'s letters, such as LS, or the first half of a postcode, such as LS6.',
        van_tonnes: "Please enter your van's size in tonnes, from 1.5 to 7.5.",
        registration: "Please enter the van's registration, such as AB12 CDE.",
      },
    });
    expect(readDetails({ phone: '07700 900123', districts: 'LS1', van_tonnes: '8', registration: 'AB12CDE' })).toEqual({
      errors: { van_tonnes: "Please enter your van's size in tonnes, from 1.5 to 7.5." },
    });
  });
});

describe('detailsChanges', () => {
  it('says what changed from what to what, and whether the van did', () => {
    expect(detailsChanges(DANA, { ...DANA, districts: ['LS1', 'YO1'], vanTonnes: 3.5 })).toEqual({
      changes: ['postcode areas and districts from LS1, LS6, YO1 to LS1, YO1', 'van from 7.5 t, AB12CDE to 3.5 t, AB12CDE'],
      vanChanged: true,
    });
    expect(detailsChanges(DANA, { ...DANA, registration: 'XY34ZZZ' }).vanChanged).toBe(true);
    expect(detailsChanges(DANA, { ...DANA, phone: '07700 900456' })).toEqual({
      changes: ['phone from 07700 900123 to 07700 900456'],
      vanChanged: false,
    });
    expect(detailsChanges(DANA, { ...DANA })).toEqual({ changes: [], vanChanged: false });
  });
});
