/**
 * Firefox ESR (Debian's, never a download) driven over WebDriver BiDi by puppeteer-core. BiDi reports every console
 * message and uncaught error from the first byte of each page, so nothing a page logs goes unseen.
 */
import puppeteer, { type Browser, type BrowserContext, type ElementHandle, type Page } from 'puppeteer-core';
import { firefoxPath } from '../../scripts/lib/browsers.mjs';
import { Engine, PAGE_HELPERS, type Wire } from './engine';

/** One Firefox per test worker; `javaScript: false` is Firefox with `javascript.enabled` off, as a reader may set it. */
export function launchFirefox({ javaScript = true } = {}): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    defaultViewport: { width: 1280, height: 900 },
    extraPrefsFirefox: javaScript ? {} : { 'javascript.enabled': false },
  });
}

export class FirefoxEngine extends Engine<ElementHandle<Element>> {
  readonly name = 'Firefox';
  private constructor(
    baseUrl: string,
    private readonly context: BrowserContext,
    private readonly page: Page,
  ) {
    super(baseUrl);
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => this.errors.push(`page error: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** A private window of its own (empty storage) in a running Firefox. */
  static async open(browser: Browser, baseUrl: string): Promise<FirefoxEngine> {
    const context = await browser.createBrowserContext();
    return new FirefoxEngine(baseUrl, context, await context.newPage());
  }

  protected async navigate(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'load' });
  }

  /** Not `page.goBack()`: a page Firefox restores from its back-forward cache fires no load event to wait for. */
  protected async navigateBack(): Promise<void> {
    await this.page.evaluate(() => history.back());
  }

  protected evaluate<T>(fn: (...args: never[]) => T, ...args: unknown[]): Promise<T> {
    return this.page.evaluate(fn as (...a: unknown[]) => T, ...args) as Promise<T>;
  }

  protected async prepareDocument(): Promise<void> {
    const ready = await this.page.evaluate(() => typeof (window as unknown as { __smokeFind?: unknown }).__smokeFind === 'function');
    if (!ready) await this.page.evaluate(PAGE_HELPERS);
  }

  protected async findHandle(query: Wire): Promise<ElementHandle<Element> | null> {
    const handle = await this.page.evaluateHandle(
      (wire) => (window as unknown as { __smokeFind: (q: unknown) => Element[] }).__smokeFind(wire)[0] ?? null,
      query,
    );
    const element = handle.asElement() as ElementHandle<Element> | null;
    if (!element) await handle.dispose();
    return element;
  }

  protected isStale(error: unknown): boolean {
    return error instanceof Error && /detached|no such node|stale/i.test(error.message);
  }

  /** A real mouse click at the element's centre (puppeteer's own handle.click() cannot run with JavaScript off). */
  protected async clickHandle(handle: ElementHandle<Element>): Promise<void> {
    // Scrolled into view until its centre is in the window and the element is what a pointer there would touch: a page
    // just loaded may still restore its scroll position after the first scroll (the written quote's Send was left at y
    // 1073 of 900 in a loaded CI run), and a page still settling moves it between the look and the click.
    const { x, y } = await this.until(
      'the element under the pointer',
      async () =>
        (await handle.evaluate((element) => {
          element.scrollIntoView({ block: 'center' });
          const box = element.getBoundingClientRect();
          const point = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
          const hit = document.elementFromPoint(point.x, point.y);
          return hit && element.contains(hit) ? point : null;
        })) ?? undefined,
    );
    await this.page.mouse.click(x, y);
  }

  protected async typeInto(handle: ElementHandle<Element>, value: string): Promise<void> {
    await handle.type(value);
  }

  protected async chooseOption(handle: ElementHandle<Element>, optionLabel: string): Promise<void> {
    const value = await handle.evaluate(
      (select, wanted) => [...(select as HTMLSelectElement).options].find((option) => option.text.trim() === wanted)?.value,
      optionLabel,
    );
    if (value === undefined) throw new Error(`no option "${optionLabel}"`);
    await (handle as ElementHandle<HTMLSelectElement>).select(value);
  }

  /** Types a date into a date field the way this browser's own date field takes it (its locale orders the parts). */
  async typeDate(query: Parameters<Engine<unknown>['type']>[0], isoDate: string): Promise<void> {
    const [year, month, day] = isoDate.split('-');
    const order = await this.page.evaluate(() =>
      new Intl.DateTimeFormat(navigator.language)
        .formatToParts(new Date(2000, 10, 22))
        .map((part) => part.type)
        .filter((type) => type === 'day' || type === 'month' || type === 'year'),
    );
    const parts: Record<string, string> = { year: year!, month: month!, day: day! };
    await this.type(query, order.map((part) => parts[part]).join(''));
  }

  /** A scroll bar, where Firefox draws one beside the page, is added to the window. */
  protected async resizeTo(width: number): Promise<void> {
    const bar = await this.page.evaluate(() => window.innerWidth - document.documentElement.clientWidth);
    try {
      await this.page.setViewport({ width: width + bar, height: 900 });
    } catch (error) {
      // puppeteer-core 25 sends emulation.setScreenOrientationOverride beside the size, in parallel; Firefox ESR 140.12
      // answers "unknown command" (CI, 3 December 2026). Tolerated as puppeteer tolerates setTouchOverride: the size is
      // a command of its own, and setWidth's wait for the page's width says loudly if it did not take.
      if (!(error instanceof Error && error.message.includes('setScreenOrientationOverride'))) throw error;
    }
  }

  async press(key: 'Tab' | 'Escape'): Promise<void> {
    await this.page.keyboard.press(key);
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
