/**
 * The days the firm does not move anyone (issue 40 item 6, issue 41 item 6): its bank holidays from the one table
 * (src/data/bank-holidays.ts), substitute days included, and Christmas Day, Boxing Day and New Year's Day themselves
 * whatever the weekday (when one falls on a weekend its bank holiday moves to a Monday, but nobody moves house on
 * Christmas Day). The diary, the wizard's calendar, the plain form and the Worker all ask here.
 * With its extension: move-date.ts reads it, and scripts run that file in Node as it is.
 */
import { BANK_HOLIDAY_YEARS, BANK_HOLIDAYS, type BankHolidayDivision } from '../data/bank-holidays.ts';

/**
 * Which list applies: England and Wales's. The firm's office and crews work from its London address (company.address
 * in src/data/launch-content.ts), so its days off are England's wherever a move goes; a move to Edinburgh on St Andrew's
 * Day is still done by a London crew. Until the office settings (issue 40 item 7) let the owner choose another list,
 * this constant is the setting.
 */
export const FIRM_DIVISION: BankHolidayDivision = 'england-and-wales';

/** Closed every year on the day itself, as `MM-DD`. */
const FIXED_CLOSED_DAYS: Readonly<Record<string, string>> = {
  '12-25': 'Christmas Day',
  '12-26': 'Boxing Day',
  '01-01': 'New Year’s Day',
};

/** A bank holiday's name as the customer and the office read it: "Boxing Day (substitute day)". */
const holidayName = (title: string, substitute: boolean | undefined) => (substitute ? `${title} (substitute day)` : title);

const holidaysOf = (division: BankHolidayDivision): ReadonlyMap<string, string> =>
  new Map(
    BANK_HOLIDAYS.filter((holiday) => holiday.divisions.includes(division)).map((holiday) => [
      holiday.date,
      holidayName(holiday.title, holiday.substitute),
    ]),
  );

const FIRM_HOLIDAYS = holidaysOf(FIRM_DIVISION);

/** Why the firm is closed on `date` (`YYYY-MM-DD`), or undefined when it is open. */
export function closedDay(date: string, holidays: ReadonlyMap<string, string> = FIRM_HOLIDAYS): string | undefined {
  return holidays.get(date) ?? FIXED_CLOSED_DAYS[date.slice(5)];
}

/** A division's closed days (for another list than the firm's, such as a test of the table). */
export const closedDayIn = (division: BankHolidayDivision) => {
  const holidays = holidaysOf(division);
  return (date: string) => closedDay(date, holidays);
};

/** Whether the table holds `date`'s year (past its last year only the fixed days are known). */
export const holidaysKnownFor = (date: string): boolean => {
  const year = Number(date.slice(0, 4));
  return year >= BANK_HOLIDAY_YEARS.first && year <= BANK_HOLIDAY_YEARS.last;
};
