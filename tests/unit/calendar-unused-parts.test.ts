/**
 * The browser build swaps the calendar's unused modules for stand-ins (src/build/calendar-unused-parts.mjs). A
 * stand-in must keep its module's exports, or the build breaks, and must throw only when its feature is switched on.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STAND_INS, calendarUnusedParts } from '../../src/build/calendar-unused-parts.mjs';

const nodeModules = join(process.cwd(), 'node_modules');

/** Each stand-in as a module of its own, to call. */
async function standIn(module: string) {
  const dir = mkdtempSync(join(tmpdir(), 'stand-in-'));
  const file = join(dir, 'module.mjs');
  writeFileSync(file, STAND_INS[module as keyof typeof STAND_INS]);
  return import(/* @vite-ignore */ pathToFileURL(file).href);
}

describe("the calendar's stand-ins", () => {
  it.each(Object.keys(STAND_INS))('%s keeps the exports of the module it replaces', async (module) => {
    const real = await import(/* @vite-ignore */ pathToFileURL(join(nodeModules, module)).href);
    expect(Object.keys(await standIn(module)).sort()).toEqual(Object.keys(real).sort());
  });

  it('replace the real modules in the browser build only', () => {
    const plugin = calendarUnusedParts();
    const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
    expect(applies({ name: 'client' })).toBe(true);
    expect(applies({ name: 'ssr' })).toBe(false);
    const load = plugin.load as (id: string) => string | null;
    expect(load(`${join(nodeModules, 'date-fns/locale/en-US/_lib/match.js')}?v=1`)).toBe(STAND_INS['date-fns/locale/en-US/_lib/match.js']);
    expect(load(join(nodeModules, 'date-fns/locale/en-US/_lib/localize.js'))).toBeNull();
  });

  it('let the hooks that run on every render run, and throw once their feature is asked for', async () => {
    const { useMulti } = await standIn('react-day-picker/dist/esm/selection/useMulti.js');
    const { useRange } = await standIn('react-day-picker/dist/esm/selection/useRange.js');
    const { useAnimation } = await standIn('react-day-picker/dist/esm/useAnimation.js');
    expect(useMulti({ mode: 'single' })).toBeUndefined();
    expect(useRange({ mode: 'single' })).toBeUndefined();
    expect(useAnimation({ current: null }, false)).toBeUndefined();
    expect(() => useMulti({ mode: 'multiple' })).toThrow(/mode="multiple" is left out of the browser build/);
    expect(() => useRange({ mode: 'range' })).toThrow(/mode="range" is left out/);
    expect(() => useAnimation({ current: null }, true)).toThrow(/animate is left out/);
  });

  it('throw, naming what is missing, when a left-out part is reached', async () => {
    const { TZDate } = await standIn('@date-fns/tz/index.js');
    const { match } = await standIn('date-fns/locale/en-US/_lib/match.js');
    const { getYearOptions } = await standIn('react-day-picker/dist/esm/helpers/getYearOptions.js');
    expect(() => new TZDate()).toThrow(/A time zone is left out/);
    expect(() => match.month).toThrow(/date parsing is left out/);
    expect(() => getYearOptions()).toThrow(/A year dropdown is left out/);
  });
});
