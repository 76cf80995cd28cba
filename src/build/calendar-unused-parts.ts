// The quote's calendar shows London dates a month at a time, picks one day, and never animates, parses a date or
// offers a dropdown. The browser build swaps the modules of react-day-picker and date-fns it never uses for stand-ins
// that throw if their feature is switched on (4.6 KB gzip on the quote's walk). The paths are these versions' own.
import type { Plugin } from 'vite';
import { CLIENT, requireClientEnvironment, requireVersions } from './assumptions.ts';

export const WRITTEN_FOR = { 'react-day-picker': '10.0.2', 'date-fns': '4.4.0', '@date-fns/tz': '1.5.0' };

const unused = (what: string) =>
  `const unused = () => { throw new Error(${JSON.stringify(`${what} is left out of the browser build (src/build/calendar-unused-parts.ts)`)}); };`;
const dayPicker = (module: string) => `react-day-picker/dist/esm/${module}`;
const components = (names: string[], what: string) =>
  Object.fromEntries(names.map((name) => [dayPicker(`components/${name}`), `${unused(what)} export const ${name} = unused;`]));
const functions = (path: string, what: string) => ({
  [path]: `${unused(what)} export const ${path.split('/').pop()} = unused;`,
});

/** Module path in node_modules, without `.js` → its stand-in, with the exports its importers name. */
export const STAND_INS: Record<string, string> = {
  // Time zones and noon-safe dates: the days are London dates from src/lib/dates.ts.
  '@date-fns/tz/index': `${unused('A time zone')}
export class TZDate extends Date { constructor() { super(); unused(); } static tz() { return unused(); } }
export const TZDateMini = TZDate;
export const constructFromSymbol = Symbol.for('constructDateFrom');
export const tz = unused, tzName = unused, tzOffset = unused, tzScan = unused;`,
  [dayPicker('noonDateLib')]: `${unused('noonSafe')} export const createNoonOverrides = unused;`,
  ...functions(dayPicker('utils/convertMatchersToTimeZone'), 'A time zone'),
  // These hooks run on every render, so they throw only when their feature is asked for.
  [dayPicker('useAnimation')]: `${unused('animate')} export function useAnimation(_root, enabled) { if (enabled) unused(); }`,
  [dayPicker('selection/useMulti')]:
    `${unused('mode="multiple"')} export function useMulti(props) { if (props.mode === 'multiple') unused(); }`,
  [dayPicker('selection/useRange')]: `${unused('mode="range"')} export function useRange(props) { if (props.mode === 'range') unused(); }`,
  ...functions(dayPicker('helpers/getMonthOptions'), 'A month dropdown'),
  ...functions(dayPicker('helpers/getYearOptions'), 'A year dropdown'),
  ...components(['Dropdown', 'DropdownNav', 'MonthsDropdown', 'YearsDropdown', 'Select', 'Option'], 'A month or year dropdown'),
  ...components(['WeekNumber', 'WeekNumberHeader'], 'A week number'),
  // The English locale formats dates; the calendar never parses one or words a distance between two.
  'date-fns/locale/en-US/_lib/match': `${unused("The locale's date parsing")} export const match = new Proxy({}, { get: unused });`,
  ...functions('date-fns/locale/en-US/_lib/formatDistance', "The locale's distance words"),
  ...functions('date-fns/locale/en-US/_lib/formatRelative', "The locale's relative words"),
};

export function calendarUnusedParts(): Plugin {
  const replaced = new Set<string>();
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
      const hit = Object.entries(STAND_INS).find(([module]) => path.endsWith(`/node_modules/${module}.js`));
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
