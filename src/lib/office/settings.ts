/**
 * The settings the owner edits in the office (issue 40 item 7): what each is, its words, how the form is read, and the
 * value it has until the owner sets it (today's, from src/site.config.ts and the Worker's BUSINESS_EMAIL). Pure: the
 * Worker's reader and writer are functions/lib/office/settings.ts.
 */
import { z } from 'zod';
import { writtenQuoteDepositPercent, site } from '../../site.config';
import { packages, type PackageId } from '../../data/packages';
import { BALANCE_DUE_DAYS } from '../payments';
import { emailField, fieldErrors, phoneField } from '../schemas';
import {
  ARRIVAL_WINDOWS_MAX,
  DEFAULT_ARRIVAL_WINDOWS,
  arrivalWindowKey,
  arrivalWindowLabel,
  isArrivalWindowKey,
  sortArrivalWindows,
} from './arrival-windows';
import { COMMISSION_RANGE, DEFAULT_COMMISSION_PERCENT } from '../partners/offers';
import { normaliseVatNumber, VAT_NUMBER, VAT_RATE, type Vat } from '../vat';

export interface FirmSettings {
  /** The name e-mails go out under: their heading, subject lines and sender's name. */
  businessName: string;
  /** Where the firm trades from, one line per line of the address: the foot of every e-mail. */
  tradingAddress: string;
  /** The number customers call, as it is written. */
  phone: string;
  /** Where the office's alerts go: new leads, booking requests, e-mails that could not be sent. */
  alertsEmail: string;
  /** A written quote's deposit unless the office writes another, as a share of its total. */
  depositPercent: number;
  /** The balance is due this many days before the move. */
  balanceDueDays: number;
  /** The diary's arrival windows, earliest first (keys: src/lib/office/arrival-windows.ts). */
  arrivalWindows: string[];
  /** Step 5 offers "Book and pay the deposit now" for a standard move (issue 41 item 2). */
  instantBooking: boolean;
  /** The largest of the four sizes booked that way. */
  instantMaxSize: PackageId;
  /** The longest route booked that way, in whole miles. */
  instantMaxMiles: number;
  /** Registered for VAT: documents show the VAT within each total (issue 45 item 1). */
  vatRegistered: boolean;
  /** GB and 9 or 12 digits; required once registered. */
  vatNumber: string;
  /** The staff (by e-mail) given the money pages: reports, the ledger, the exports (issue 45 item 6). The owner always. */
  moneyStaff: string[];
  /** The firm keeps this share of a job's price when a partner does it (issue 43 item 4); the partner gets the rest. */
  partnerCommissionPercent: number;
}

export type SettingKey = keyof FirmSettings;

export const SETTING_KEYS = [
  'businessName',
  'tradingAddress',
  'phone',
  'alertsEmail',
  'depositPercent',
  'balanceDueDays',
  'arrivalWindows',
  'instantBooking',
  'instantMaxSize',
  'instantMaxMiles',
  'vatRegistered',
  'vatNumber',
  'moneyStaff',
  'partnerCommissionPercent',
] as const satisfies readonly SettingKey[];

export const SETTING_LABELS: Record<SettingKey, string> = {
  businessName: 'Business name',
  tradingAddress: 'Trading address',
  phone: 'Phone number',
  alertsEmail: 'Where alerts go',
  depositPercent: 'Deposit',
  balanceDueDays: 'Balance due',
  arrivalWindows: 'Arrival windows',
  instantBooking: 'Book online in one go',
  instantMaxSize: 'Largest move booked online',
  instantMaxMiles: 'Furthest move booked online',
  vatRegistered: 'Registered for VAT',
  vatNumber: 'VAT number',
  moneyStaff: 'Staff who may see the money pages',
  partnerCommissionPercent: 'Commission on partners’ jobs',
};

export const SETTING_HINTS: Record<SettingKey, string> = {
  businessName: 'E-mails go out under this name: their heading, subject lines and sender.',
  tradingAddress: 'At the foot of every e-mail. One line per line of the address.',
  phone: 'The number every e-mail gives customers to call.',
  alertsEmail: 'New leads, booking requests and e-mails that could not be sent are e-mailed here.',
  depositPercent: 'Of a written quote’s total, to the penny, unless you write another deposit on the quote.',
  balanceDueDays: 'How many days before the move the balance is due, for every balance not yet paid.',
  arrivalWindows: `What the diary offers when you book a crew. One a line, from and to, for example 08:00-10:00; up to ${ARRIVAL_WINDOWS_MAX}.`,
  instantBooking:
    'When on, a customer whose move is standard (within the limits below, with a day free in the diary) can book it at the estimate and pay the deposit straight away, instead of waiting for your written quote. You get a task to assign the crew.',
  instantMaxSize: 'Bigger homes ask for a written quote.',
  instantMaxMiles: 'Longer routes ask for a written quote.',
  vatRegistered: `Prices always include VAT. When on, written quotes, receipts, invoices, credit notes and e-mails show the VAT at ${VAT_RATE}% within each total; when off, none shows VAT.`,
  vatNumber: 'Shown on every receipt, invoice and credit note. GB and 9 digits, or GB and 12 for a branch.',
  moneyStaff:
    'The reports, the ledger and the downloads for your accountant are yours alone until you give them to someone here. One e-mail address a line, as on the staff page; leave it empty for none. Every download is in the audit trail.',
  partnerCommissionPercent:
    'Of a job’s price, kept when a partner does the move; the partner gets the rest, shown on each new offer. Rounded down to the penny in the partner’s favour. Offers already made keep their share.',
};

export const DEPOSIT_PERCENT = { min: 1, max: 100 } as const;
export const BALANCE_DUE_DAYS_RANGE = { min: 0, max: 60 } as const;
export const INSTANT_MILES_RANGE = { min: 1, max: 1000 } as const;
/** The on/off setting's two answers as the form posts them. */
export const SWITCH_WORDS = { on: 'On', off: 'Off' } as const;
const NAME_MAX = 80;
const MONEY_STAFF_MAX = 50;
const ADDRESS_MAX = 300;
const ADDRESS_LINES = 6;

export const SETTINGS_MESSAGES = {
  businessName: 'Enter the business name.',
  businessNameTooLong: `Keep the business name to ${NAME_MAX} characters.`,
  tradingAddress: 'Enter the trading address.',
  tradingAddressTooLong: `Keep the address to ${ADDRESS_LINES} lines and ${ADDRESS_MAX} characters.`,
  depositPercent: `Enter the deposit as a whole number from ${DEPOSIT_PERCENT.min} to ${DEPOSIT_PERCENT.max}, for example 25.`,
  balanceDueDays: `Enter the days as a whole number from ${BALANCE_DUE_DAYS_RANGE.min} to ${BALANCE_DUE_DAYS_RANGE.max}, for example 7.`,
  arrivalWindows: 'Enter at least one arrival window, for example 08:00-10:00.',
  arrivalWindowsTooMany: `Offer up to ${ARRIVAL_WINDOWS_MAX} arrival windows.`,
  arrivalWindow: (line: number, typed: string) =>
    `Line ${line}, “${typed}”, is not a window: write it from an earlier time to a later one, for example 08:00-10:00.`,
  arrivalWindowTwice: (typed: string) => `“${typed}” is there twice.`,
  instantBooking: 'Choose on or off.',
  instantMaxSize: 'Choose one of the four sizes.',
  vatRegistered: 'Choose on or off.',
  vatNumber: 'Enter a VAT number as GB and 9 digits, or GB and 12, for example GB123456789.',
  vatNumberMissing: 'Enter your VAT number: documents must show it once you are registered.',
  moneyStaff: (line: number, typed: string) => `Line ${line}, “${typed}”, is not an e-mail address, for example name@example.com.`,
  moneyStaffTooMany: `Give the money pages to up to ${MONEY_STAFF_MAX} people.`,
  partnerCommissionPercent: `Enter the commission as a whole number from ${COMMISSION_RANGE.min} to ${COMMISSION_RANGE.max}, for example 15.`,
  instantMaxMiles: `Enter the miles as a whole number from ${INSTANT_MILES_RANGE.min} to ${INSTANT_MILES_RANGE.max}, for example 100.`,
} as const;

/** How far a move is booked online until the owner says otherwise: a day's drive there and back for one crew. */
export const INSTANT_MAX_MILES = 100;

/** The values until the owner sets them: today's, from the site's configuration. */
export function defaultSettings(alertsEmail: string): FirmSettings {
  return {
    businessName: site.brand,
    tradingAddress: `${site.address.street}\n${site.address.locality} ${site.address.postcode}`,
    phone: site.phone.display,
    alertsEmail,
    depositPercent: writtenQuoteDepositPercent,
    balanceDueDays: BALANCE_DUE_DAYS,
    arrivalWindows: [...DEFAULT_ARRIVAL_WINDOWS],
    instantBooking: true,
    instantMaxSize: 'three-bed',
    instantMaxMiles: INSTANT_MAX_MILES,
    vatRegistered: false,
    vatNumber: '',
    moneyStaff: [],
    partnerCommissionPercent: DEFAULT_COMMISSION_PERCENT,
  };
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const wholeNumber = (range: { min: number; max: number }, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int({ error: message }).min(range.min, { error: message }).max(range.max, { error: message }),
  );

const windowsField = z.array(z.string()).superRefine((keys, ctx) => {
  if (keys.length === 0) ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.arrivalWindows });
  else if (keys.length > ARRIVAL_WINDOWS_MAX) ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.arrivalWindowsTooMany });
  else if (!keys.every(isArrivalWindowKey)) ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.arrivalWindows });
});

const onOff = (message: string) =>
  z.preprocess((value) => (value === 'on' ? true : value === 'off' ? false : value), z.boolean({ error: message }));

/** Each setting's value as it is stored (a JSON value per key); the form's fields are checked by the same rules. */
const VALUE_SCHEMAS = {
  businessName: z.string().trim().min(1, SETTINGS_MESSAGES.businessName).max(NAME_MAX, SETTINGS_MESSAGES.businessNameTooLong),
  tradingAddress: z
    .string()
    .min(1, SETTINGS_MESSAGES.tradingAddress)
    .max(ADDRESS_MAX, SETTINGS_MESSAGES.tradingAddressTooLong)
    .refine((text) => lines(text).length <= ADDRESS_LINES, SETTINGS_MESSAGES.tradingAddressTooLong),
  phone: phoneField,
  alertsEmail: emailField,
  depositPercent: wholeNumber(DEPOSIT_PERCENT, SETTINGS_MESSAGES.depositPercent),
  balanceDueDays: wholeNumber(BALANCE_DUE_DAYS_RANGE, SETTINGS_MESSAGES.balanceDueDays),
  arrivalWindows: windowsField,
  instantBooking: onOff(SETTINGS_MESSAGES.instantBooking),
  instantMaxSize: z.enum(packages.map((pack) => pack.id) as [PackageId, ...PackageId[]], { error: SETTINGS_MESSAGES.instantMaxSize }),
  instantMaxMiles: wholeNumber(INSTANT_MILES_RANGE, SETTINGS_MESSAGES.instantMaxMiles),
  partnerCommissionPercent: wholeNumber(COMMISSION_RANGE, SETTINGS_MESSAGES.partnerCommissionPercent),
  vatRegistered: onOff(SETTINGS_MESSAGES.vatRegistered),
  vatNumber: z.preprocess(
    (value) => (typeof value === 'string' ? normaliseVatNumber(value) : value),
    z.string().refine((number) => number === '' || VAT_NUMBER.test(number), SETTINGS_MESSAGES.vatNumber),
  ),
  moneyStaff: z
    .array(z.string().refine((email) => emailField.safeParse(email).success))
    .max(MONEY_STAFF_MAX, SETTINGS_MESSAGES.moneyStaffTooMany),
} satisfies Record<SettingKey, z.core.$ZodType>;

/** A stored value, if it is still a valid one (a row written by an older rule is ignored, and the default stands). */
export function storedValue<K extends SettingKey>(key: K, json: string): FirmSettings[K] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  const checked = z.safeParse(VALUE_SCHEMAS[key], value);
  return checked.success ? (checked.data as FirmSettings[K]) : undefined;
}

/** The arrival windows as typed, one a line: their keys, earliest first, or the first line's problem. */
function readWindows(typed: string): { keys: string[] } | { error: string } {
  const keys: string[] = [];
  for (const [index, line] of lines(typed).entries()) {
    const key = arrivalWindowKey(line);
    if (!key) return { error: SETTINGS_MESSAGES.arrivalWindow(index + 1, line) };
    if (keys.includes(key)) return { error: SETTINGS_MESSAGES.arrivalWindowTwice(line) };
    keys.push(key);
  }
  return { keys: sortArrivalWindows(keys) };
}

/** The form as the page fills it: each setting as text. */
export type SettingsForm = Record<SettingKey, string>;

export function settingsForm(settings: FirmSettings): SettingsForm {
  return {
    ...settings,
    depositPercent: String(settings.depositPercent),
    balanceDueDays: String(settings.balanceDueDays),
    arrivalWindows: settings.arrivalWindows.join('\n'),
    instantBooking: settings.instantBooking ? 'on' : 'off',
    instantMaxMiles: String(settings.instantMaxMiles),
    partnerCommissionPercent: String(settings.partnerCommissionPercent),
    vatRegistered: settings.vatRegistered ? 'on' : 'off',
    moneyStaff: settings.moneyStaff.join('\n'),
  };
}

/** The owner's post: every setting checked, or each problem by its field; one it does not carry stays as `current`. */
export function readSettingsForm(
  posted: URLSearchParams,
  current: SettingsForm,
): { settings: FirmSettings } | { errors: Record<string, string>; form: SettingsForm } {
  const form = Object.fromEntries(SETTING_KEYS.map((key) => [key, posted.has(key) ? posted.get(key)! : current[key]])) as SettingsForm;
  const windows = readWindows(form.arrivalWindows);
  const money = lines(form.moneyStaff).map((line) => line.toLowerCase());
  const notEmail = money.findIndex((email) => !emailField.safeParse(email).success);
  const address = lines(form.tradingAddress).join('\n');
  const checked = z.object(VALUE_SCHEMAS).safeParse({
    ...form,
    tradingAddress: address,
    arrivalWindows: 'keys' in windows ? windows.keys : [],
    moneyStaff: [...new Set(money)],
  });
  const errors = checked.success ? {} : fieldErrors(checked.error);
  if ('error' in windows) errors.arrivalWindows = windows.error;
  if (notEmail >= 0) errors.moneyStaff = SETTINGS_MESSAGES.moneyStaff(notEmail + 1, lines(form.moneyStaff)[notEmail]!);
  if (checked.success && checked.data.vatRegistered && !checked.data.vatNumber) errors.vatNumber = SETTINGS_MESSAGES.vatNumberMissing;
  if (checked.success && Object.keys(errors).length === 0) return { settings: checked.data };
  return { errors, form };
}

/** A setting's value in the words of the audit trail and the settings page's history. */
export function settingText<K extends SettingKey>(key: K, value: FirmSettings[K]): string {
  if (key === 'depositPercent') return `${String(value)}% of the total`;
  if (key === 'balanceDueDays') return `${String(value)} days before the move`;
  if (key === 'instantBooking' || key === 'vatRegistered') return value ? SWITCH_WORDS.on : SWITCH_WORDS.off;
  if (key === 'vatNumber') return value === '' ? 'none' : String(value);
  if (key === 'instantMaxSize') return packages.find((pack) => pack.id === value)?.title ?? String(value);
  if (key === 'instantMaxMiles') return `${String(value)} miles`;
  if (key === 'partnerCommissionPercent') return `${String(value)}% of the price`;
  if (key === 'arrivalWindows') return (value as string[]).map(arrivalWindowLabel).join(', ');
  if (key === 'moneyStaff') return (value as string[]).length === 0 ? 'the owner only' : (value as string[]).join(', ');
  if (key === 'tradingAddress') return (value as string).split('\n').join(', ');
  return String(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The settings the owner changed, each with its value before and after. */
export const changedSettings = (before: FirmSettings, after: FirmSettings) =>
  SETTING_KEYS.filter((key) => !same(before[key], after[key])).map((key) => ({ key, from: before[key], to: after[key] }));

/** The firm's VAT as documents show it: registered with a number, else null (no document shows VAT). */
export const vatOf = ({ vatRegistered, vatNumber }: Pick<FirmSettings, 'vatRegistered' | 'vatNumber'>): Vat | null =>
  vatRegistered && vatNumber ? { number: vatNumber, rate: VAT_RATE } : null;

/** A UK number as `tel:` wants it: 020 7946 0321 → +442079460321. */
export function telOf(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `+${digits}`;
  return digits.startsWith('0') ? `+44${digits.slice(1)}` : digits;
}

export const SETTINGS_NOTICES = {
  saved: 'Saved. E-mails and the office use the new settings from now on.',
  unchanged: 'Nothing changed.',
} as const;
export type SettingsNotice = keyof typeof SETTINGS_NOTICES;

/** The audit trail's action for a changed setting (audit_log.action). */
export const SETTING_CHANGED_ACTION = 'setting_changed';
