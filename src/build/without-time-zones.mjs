// @ts-check
// react-day-picker imports @date-fns/tz for its `timeZone` and `noonSafe` props, which the calendar never sets (its days
// are London dates from src/lib/dates.ts). The browser build resolves it to a stand-in that throws if ever reached:
// 1.4 KB less on the quote's walk (issue 20, item 5). The server build and `astro dev` keep the real module.
import { fileURLToPath } from 'node:url';

const STAND_IN = fileURLToPath(new URL('./time-zones-unused.mjs', import.meta.url));

/** @returns {import('vite').Plugin} */
export function withoutTimeZones() {
  return {
    name: 'shiftly:without-time-zones',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (id) => (id === '@date-fns/tz' ? STAND_IN : null),
  };
}
