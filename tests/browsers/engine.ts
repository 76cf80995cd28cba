/**
 * One small driver for the smoke journeys, whatever the engine: Firefox ESR over WebDriver BiDi (puppeteer-core,
 * firefox.ts) and WebKitGTK over classic WebDriver (selenium-webdriver, webkit.ts). Elements are found as a person
 * finds them, by role and accessible name, label or text, with Testing Library's queries run in the page, so both
 * engines read a page the same way and the journeys never name a class or an id. Every wait is for a condition,
 * with a deadline.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ceiling } from '../shared/load';

type Matcher = string | RegExp;

/** What a person looks for: a control by its role and name, a field by its label, or some text; optionally inside another. */
export type Query = ({ role: string; name?: Matcher; level?: number } | { label: Matcher } | { text: Matcher }) & { within?: Query };

export const role = (name: string, accessibleName?: Matcher, within?: Query): Query => ({ role: name, name: accessibleName, within });
export const label = (text: Matcher, within?: Query): Query => ({ label: text, within });
export const text = (content: Matcher, within?: Query): Query => ({ text: content, within });
/** A name or label that begins with these words (a card's name goes on with its price, say). */
export const startsWith = (words: string): RegExp => new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`);

/** A query as JSON for the page: regular expressions travel as source and flags. */
export type Wire = { [key: string]: unknown };
function toWire(query: Query): Wire {
  const wire: Wire = {};
  for (const [key, value] of Object.entries(query)) {
    if (value instanceof RegExp) wire[key] = { source: value.source, flags: value.flags };
    else if (key === 'within' && value) wire[key] = toWire(value as Query);
    else if (value !== undefined) wire[key] = value;
  }
  return wire;
}

const describe = (query: Query): string => JSON.stringify(toWire(query));

/** Testing Library's DOM queries as one script (its UMD build defines `TestingLibraryDom`). */
export const TESTING_LIBRARY = readFileSync(
  createRequire(import.meta.url).resolve('@testing-library/dom/dist/@testing-library/dom.umd.min.js'),
  'utf8',
);

/**
 * Runs in the page: every visible element the query finds (Testing Library leaves out what assistive technology
 * cannot reach; text matches are also held to being on screen). Self-contained: it is sent to the page as source.
 */
export function findAllInPage(query: Wire): Element[] {
  const library = (window as unknown as { TestingLibraryDom: typeof import('@testing-library/dom') }).TestingLibraryDom;
  const revive = (value: unknown) => {
    const pattern = value as { source?: string; flags?: string } | string | undefined;
    return pattern && typeof pattern === 'object' ? new RegExp(pattern.source!, pattern.flags) : pattern;
  };
  const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  const resolve = (q: Wire): Element[] => {
    const base = q.within ? resolve(q.within as Wire)[0] : document.body;
    if (!base) return [];
    if (typeof q.role === 'string') {
      const options = { name: revive(q.name), ...(typeof q.level === 'number' ? { level: q.level } : {}) };
      return library.queryAllByRole(base as HTMLElement, q.role, options).filter(shown);
    }
    if (q.label !== undefined) return library.queryAllByLabelText(base as HTMLElement, revive(q.label)!).filter(shown);
    return library.queryAllByText(base as HTMLElement, revive(q.text)!).filter(shown);
  };
  return resolve(query);
}

/** A window with the journeys' finder in it. */
export type SmokeWindow = { __smokeFind: typeof findAllInPage };

/** What every document gets before the journeys look at it: Testing Library and `window.__smokeFind` (the function above). */
export const PAGE_HELPERS = `${TESTING_LIBRARY};\nwindow.__smokeFind = ${findAllInPage.toString()};`;

export interface WaitOptions {
  timeoutMs?: number;
}

/**
 * What each engine provides: navigation, running a function in the page, the first element a query finds as a handle
 * the engine can click and type into, and the errors the page reported.
 */
export abstract class Engine<Handle> {
  abstract readonly name: string;
  /** Page errors and console errors since the last `takeErrors()`. */
  protected errors: string[] = [];
  constructor(protected readonly baseUrl: string) {}

  protected abstract navigate(url: string): Promise<void>;
  /** The browser's Back. */
  protected abstract navigateBack(): Promise<void>;
  /** Runs `fn(...args)` in the page; rejects while a navigation replaces the document. */
  protected abstract evaluate<T>(fn: (...args: never[]) => T, ...args: unknown[]): Promise<T>;
  /** The first element `findAllInPage(query)` returns, or null. */
  protected abstract findHandle(query: Wire): Promise<Handle | null>;
  protected abstract clickHandle(handle: Handle): Promise<void>;
  protected abstract typeInto(handle: Handle, value: string): Promise<void>;
  protected abstract chooseOption(handle: Handle, optionLabel: string): Promise<void>;
  abstract press(key: 'Tab' | 'Escape'): Promise<void>;
  /** Lays the page out this many CSS pixels wide (the journeys' windows are 1280 px otherwise). */
  protected abstract resizeTo(width: number): Promise<void>;
  /** Called before each look at the page: puts PAGE_HELPERS (and any error collector) into a new document. */
  protected abstract prepareDocument(): Promise<void>;

  async goto(path: string): Promise<void> {
    await this.navigate(new URL(path, this.baseUrl).href);
  }

  async back(): Promise<void> {
    await this.navigateBack();
  }

  /** The address of the page shown, as a path with its query. */
  async path(): Promise<string> {
    return this.until('the address', () => this.evaluate(() => location.pathname + location.search));
  }

  /** Polls `probe` until it answers something other than undefined (a failing probe, say mid-navigation, is a "not yet"). */
  protected async until<T>(
    what: string,
    probe: () => Promise<T | undefined>,
    { timeoutMs = ceiling(15_000) }: WaitOptions = {},
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let lastError: unknown;
    while (Date.now() < deadline) {
      try {
        const value = await probe();
        if (value !== undefined) return value;
      } catch (error) {
        lastError = error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100)); // the poll interval of a wait for `probe`
    }
    throw new Error(`${this.name}: ${what} within ${timeoutMs / 1000} s${lastError ? ` (last error: ${String(lastError)})` : ''}`);
  }

  private async handle(query: Query, options?: WaitOptions): Promise<Handle> {
    try {
      return await this.until(
        `no ${describe(query)}`,
        async () => {
          await this.prepareDocument();
          return (await this.findHandle(toWire(query))) ?? undefined;
        },
        options,
      );
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; ${await this.shown()}`, { cause: error });
    }
  }

  /** Where the page is and the start of what it says, for a failure's message (a CI run leaves only its log). */
  private async shown(): Promise<string> {
    try {
      const { path, words } = await this.evaluate(() => ({
        path: location.pathname + location.search,
        words: (document.querySelector('main') ?? document.body)?.innerText.replace(/\s+/g, ' ').trim().slice(0, 400) ?? '',
      }));
      return `the page at ${path} shows: ${words}`;
    } catch {
      return 'the page could not be read';
    }
  }

  /** Waits until the query finds a visible element. */
  async see(query: Query, options?: WaitOptions): Promise<void> {
    await this.handle(query, options);
  }

  /** Waits until the query finds nothing visible. */
  async notSee(query: Query, options?: WaitOptions): Promise<void> {
    await this.until(
      `${describe(query)} still shown`,
      async () => {
        await this.prepareDocument();
        return (await this.findHandle(toWire(query))) === null ? true : undefined;
      },
      options,
    );
  }

  /** A handle to an element the page has since replaced (an island drawn over the markup it was found in). */
  protected abstract isStale(error: unknown): boolean;

  /** Clicks what the query finds; an element replaced before the click landed (nothing was clicked) is looked up again. */
  async click(query: Query, options?: WaitOptions): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.clickHandle(await this.handle(query, options));
      } catch (error) {
        if (!this.isStale(error) || attempt === 3) throw error;
      }
    }
  }

  async type(query: Query, value: string): Promise<void> {
    await this.typeInto(await this.handle(query), value);
  }

  async select(query: Query, optionLabel: string): Promise<void> {
    await this.chooseOption(await this.handle(query), optionLabel);
  }

  /** The text of the first element the query finds. */
  async textOf(query: Query): Promise<string> {
    await this.handle(query);
    return this.evaluate(
      (wire: Wire) => (window as unknown as SmokeWindow).__smokeFind(wire)[0]?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      toWire(query),
    );
  }

  /** Where the first element the query finds is drawn: its top and bottom edges in the window, in CSS pixels. */
  async boxOf(query: Query): Promise<{ top: number; bottom: number }> {
    await this.handle(query);
    return this.evaluate((wire: Wire) => {
      const { top, bottom } = (window as unknown as SmokeWindow).__smokeFind(wire)[0]!.getBoundingClientRect();
      return { top, bottom };
    }, toWire(query));
  }

  /** An attribute of the first element the query finds. */
  async attributeOf(query: Query, name: string): Promise<string | null> {
    await this.handle(query);
    return this.evaluate(
      (wire: Wire, attribute: string) => (window as unknown as SmokeWindow).__smokeFind(wire)[0]!.getAttribute(attribute),
      toWire(query),
      name,
    );
  }

  /** Waits until the page's address matches. */
  async reach(address: RegExp, options?: WaitOptions): Promise<string> {
    let seen = '';
    try {
      return await this.until(`not at ${address}`, async () => ((seen = await this.path()).match(address) ? seen : undefined), options);
    } catch (error) {
      // Where the browser was instead, and what that page said (a refused form's summary, or its heading): a click that
      // never sent the form reads differently from a post the Worker refused.
      const said = await this.evaluate(
        () => (document.querySelector('[role=alert]') ?? document.querySelector('h1'))?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      ).catch(() => '');
      throw new Error(`${(error as Error).message}; it was at ${seen || 'no page'}${said ? `, saying "${said.slice(0, 200)}"` : ''}`);
    }
  }

  /** Sets the page's width in CSS pixels, and waits until its layout and its media queries have it (a window resizes later). */
  async setWidth(width: number): Promise<void> {
    await this.resizeTo(width);
    await this.until(`a page ${width} px wide`, async () =>
      (await this.evaluate(
        (wide: number) => document.documentElement.clientWidth === wide && matchMedia(`(min-width: ${wide}px)`).matches,
        width,
      ))
        ? true
        : undefined,
    );
  }

  /** Runs a self-contained function in the page (it can use nothing from outside itself) and answers its result. */
  async measure<T, A>(fn: (arg: A) => T, arg: A): Promise<T> {
    return this.evaluate(fn as (...args: never[]) => T, arg);
  }

  /** Whether the page's engine supports a CSS feature (`CSS.supports`), for a journey that differs as the page does. */
  async supportsCss(condition: string): Promise<boolean> {
    return this.evaluate((text: string) => CSS.supports(text), condition);
  }

  async localStorage(key: string): Promise<string | null> {
    return this.evaluate((name: string) => window.localStorage.getItem(name), key);
  }

  async setLocalStorage(key: string, value: string): Promise<void> {
    await this.evaluate((name: string, content: string) => window.localStorage.setItem(name, content), key, value);
  }

  /** A first visit from here on: this site's storage emptied (from a page of it without scripts). */
  async forgetSite(): Promise<void> {
    await this.goto('/robots.txt');
    await this.evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    });
  }

  /** The errors collected so far, emptied. */
  async takeErrors(): Promise<string[]> {
    const taken = this.errors;
    this.errors = [];
    return taken;
  }

  abstract close(): Promise<void>;
}
