// @ts-check
// The quote's calendar (react-day-picker) shows London dates a month at a time, picks one day, and never animates,
// parses a date or offers a dropdown. The browser build swaps the library's modules for what it never uses for
// stand-ins that throw if their feature is ever switched on: 4.6 KB gzip less on the quote's walk (budgets.json
// quoteWalk). The server build and `astro dev` keep the real modules. The module paths are these versions' own.
import { CLIENT, requireClientEnvironment, requireVersions } from './assumptions.mjs';

export const WRITTEN_FOR = { 'react-day-picker': '10.0.2', 'date-fns': '4.4.0', '@date-fns/tz': '1.5.0' };

/** @param {string} what */
const unused = (what) =>
  `const unused = () => { throw new Error(${JSON.stringify(
    `${what} is left out of the browser build (src/build/calendar-unused-parts.mjs)`,
  )}); };`;

/**
 * Stand-ins for react-day-picker components, one module each.
 * @param {string[]} names
 * @param {string} what
 */
const components = (names, what) =>
  Object.fromEntries(
    names.map((name) => [`react-day-picker/dist/esm/components/${name}.js`, `${unused(what)} export const ${name} = unused;`]),
  );

/** Module path (inside node_modules) → its stand-in's source. Each keeps the exports its importers name. */
export const STAND_INS = {
  // @date-fns/tz and react-day-picker's code for the `timeZone` and `noonSafe` props: the days are London dates
  // from src/lib/dates.ts.
  '@date-fns/tz/index.js': `${unused('A time zone')}
export class TZDate extends Date { constructor() { super(); unused(); } static tz() { return unused(); } }
export const TZDateMini = TZDate;
export const constructFromSymbol = Symbol.for('constructDateFrom');
export const tz = unused, tzName = unused, tzOffset = unused, tzScan = unused;`,
  'react-day-picker/dist/esm/noonDateLib.js': `${unused('noonSafe')} export const createNoonOverrides = unused;`,
  'react-day-picker/dist/esm/utils/convertMatchersToTimeZone.js': `${unused('A time zone')}
export const convertMatchersToTimeZone = unused;`,
  // The `animate` prop. The hook runs on every render, so its stand-in throws only when asked to animate.
  'react-day-picker/dist/esm/useAnimation.js': `${unused('animate')}
export function useAnimation(_root, enabled) { if (enabled) unused(); }`,
  // `mode="multiple"` and `mode="range"`: their hooks run on every render too, whatever the mode.
  'react-day-picker/dist/esm/selection/useMulti.js': `${unused('mode="multiple"')}
export function useMulti(props) { if (props.mode === 'multiple') unused(); }`,
  'react-day-picker/dist/esm/selection/useRange.js': `${unused('mode="range"')}
export function useRange(props) { if (props.mode === 'range') unused(); }`,
  // `captionLayout="dropdown"`.
  'react-day-picker/dist/esm/helpers/getMonthOptions.js': `${unused('A month dropdown')}
export const getMonthOptions = unused;`,
  'react-day-picker/dist/esm/helpers/getYearOptions.js': `${unused('A year dropdown')}
export const getYearOptions = unused;`,
  ...components(['Dropdown', 'DropdownNav', 'MonthsDropdown', 'YearsDropdown', 'Select', 'Option'], 'A month or year dropdown'),
  // `showWeekNumber`.
  ...components(['WeekNumber', 'WeekNumberHeader'], 'A week number'),
  // date-fns's English locale: the calendar formats dates, it never parses them or words a distance between two.
  'date-fns/locale/en-US/_lib/match.js': `${unused("The locale's date parsing")}
export const match = new Proxy({}, { get: unused });`,
  'date-fns/locale/en-US/_lib/formatDistance.js': `${unused("The locale's distance words")}
export const formatDistance = unused;`,
  'date-fns/locale/en-US/_lib/formatRelative.js': `${unused("The locale's relative words")}
export const formatRelative = unused;`,
};

const ENTRIES = Object.entries(STAND_INS);

/** @returns {import('vite').Plugin} */
export function calendarUnusedParts() {
  /** @type {Set<string>} */
  const replaced = new Set();
  return {
    name: 'shiftly:calendar-unused-parts',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === CLIENT,
    configResolved(config) {
      requireClientEnvironment(config, 'calendar-unused-parts');
      requireVersions(WRITTEN_FOR, 'calendar-unused-parts');
    },
    load(id) {
      const path = id.replace(/\?.*/, '').replaceAll('\\', '/');
      const hit = ENTRIES.find(([module]) => path.endsWith(`/node_modules/${module}`));
      if (!hit) return null;
      replaced.add(hit[0]);
      return hit[1];
    },
    buildEnd(error) {
      const missing = Object.keys(STAND_INS).filter((module) => !replaced.has(module));
      if (!error && missing.length)
        throw new Error(`calendar-unused-parts: the browser build never loaded ${missing.join(', ')}: has the calendar's code moved?`);
    },
  };
}
