/**
 * UK bank holidays, 2026 to 2028, for the three lists GOV.UK publishes (England and Wales, Scotland, Northern Ireland),
 * substitute days included. The one table closed days come from (src/lib/closed-days.ts): the office's diary, the quote
 * wizard's calendar, the plain form and the Worker's refusals all read it.
 *
 * Source: GOV.UK, "UK bank holidays" (https://www.gov.uk/bank-holidays, and its data at
 * https://www.gov.uk/bank-holidays.json), copied date by date from the file that page is built from:
 * alphagov/frontend, lib/data/bank-holidays.json at commit 609b0436da9f86b51e69262a95874b7ff3d3b712 (25 February 2026;
 * the 2028 dates were added on 24 November 2025, Scotland's World Cup bank holiday on 25 February 2026). Titles are
 * GOV.UK's English ones (config/locales/en.yml); `substitute` is its "Substitute day" note. With its extension: scripts
 * run move-date.ts, which reads it, in Node as it is.
 *
 * When GOV.UK publishes 2029, add it here: tests/unit/bank-holidays.test.ts fails once a bookable day lies past the table.
 */

export const BANK_HOLIDAY_DIVISIONS = {
  'england-and-wales': 'England and Wales',
  scotland: 'Scotland',
  'northern-ireland': 'Northern Ireland',
} as const;
export type BankHolidayDivision = keyof typeof BANK_HOLIDAY_DIVISIONS;

export interface BankHoliday {
  /** `YYYY-MM-DD`. */
  date: string;
  title: string;
  /** GOV.UK's "Substitute day": the holiday falls on a weekend, so the bank holiday is this weekday instead. */
  substitute?: true;
  divisions: readonly BankHolidayDivision[];
}

/** The first and last years the table holds in full, for every division. */
export const BANK_HOLIDAY_YEARS = { first: 2026, last: 2028 } as const;

const EW = 'england-and-wales';
const SC = 'scotland';
const NI = 'northern-ireland';
const UK = [EW, SC, NI] as const;
const EW_NI = [EW, NI] as const;

const NEW_YEAR = 'New Year’s Day';
const SECOND_JANUARY = '2nd January';
const ST_PATRICK = 'St Patrick’s Day';
const GOOD_FRIDAY = 'Good Friday';
const EASTER_MONDAY = 'Easter Monday';
const EARLY_MAY = 'Early May bank holiday';
const SPRING = 'Spring bank holiday';
const SUMMER = 'Summer bank holiday';
const BOYNE = 'Battle of the Boyne (Orangemen’s Day)';
const ST_ANDREW = 'St Andrew’s Day';
const CHRISTMAS = 'Christmas Day';
const BOXING_DAY = 'Boxing Day';

/** In date order; a date appears once, with every division that has it. */
export const BANK_HOLIDAYS: readonly BankHoliday[] = [
  // 2026
  { date: '2026-01-01', title: NEW_YEAR, divisions: UK },
  { date: '2026-01-02', title: SECOND_JANUARY, divisions: [SC] },
  { date: '2026-03-17', title: ST_PATRICK, divisions: [NI] },
  { date: '2026-04-03', title: GOOD_FRIDAY, divisions: UK },
  { date: '2026-04-06', title: EASTER_MONDAY, divisions: EW_NI },
  { date: '2026-05-04', title: EARLY_MAY, divisions: UK },
  { date: '2026-05-25', title: SPRING, divisions: UK },
  { date: '2026-06-15', title: 'World Cup bank holiday', divisions: [SC] },
  { date: '2026-07-13', title: BOYNE, substitute: true, divisions: [NI] },
  { date: '2026-08-03', title: SUMMER, divisions: [SC] },
  { date: '2026-08-31', title: SUMMER, divisions: EW_NI },
  { date: '2026-11-30', title: ST_ANDREW, divisions: [SC] },
  { date: '2026-12-25', title: CHRISTMAS, divisions: UK },
  { date: '2026-12-28', title: BOXING_DAY, substitute: true, divisions: UK },
  // 2027
  { date: '2027-01-01', title: NEW_YEAR, divisions: UK },
  { date: '2027-01-04', title: SECOND_JANUARY, substitute: true, divisions: [SC] },
  { date: '2027-03-17', title: ST_PATRICK, divisions: [NI] },
  { date: '2027-03-26', title: GOOD_FRIDAY, divisions: UK },
  { date: '2027-03-29', title: EASTER_MONDAY, divisions: EW_NI },
  { date: '2027-05-03', title: EARLY_MAY, divisions: UK },
  { date: '2027-05-31', title: SPRING, divisions: UK },
  { date: '2027-07-12', title: BOYNE, divisions: [NI] },
  { date: '2027-08-02', title: SUMMER, divisions: [SC] },
  { date: '2027-08-30', title: SUMMER, divisions: EW_NI },
  { date: '2027-11-30', title: ST_ANDREW, divisions: [SC] },
  { date: '2027-12-27', title: CHRISTMAS, substitute: true, divisions: UK },
  { date: '2027-12-28', title: BOXING_DAY, substitute: true, divisions: UK },
  // 2028
  { date: '2028-01-03', title: NEW_YEAR, substitute: true, divisions: UK },
  { date: '2028-01-04', title: SECOND_JANUARY, substitute: true, divisions: [SC] },
  { date: '2028-03-17', title: ST_PATRICK, divisions: [NI] },
  { date: '2028-04-14', title: GOOD_FRIDAY, divisions: UK },
  { date: '2028-04-17', title: EASTER_MONDAY, divisions: EW_NI },
  { date: '2028-05-01', title: EARLY_MAY, divisions: UK },
  { date: '2028-05-29', title: SPRING, divisions: UK },
  { date: '2028-07-12', title: BOYNE, divisions: [NI] },
  { date: '2028-08-07', title: SUMMER, divisions: [SC] },
  { date: '2028-08-28', title: SUMMER, divisions: EW_NI },
  { date: '2028-11-30', title: ST_ANDREW, divisions: [SC] },
  { date: '2028-12-25', title: CHRISTMAS, divisions: UK },
  { date: '2028-12-26', title: BOXING_DAY, divisions: UK },
];
