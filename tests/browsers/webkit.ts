/**
 * WebKitGTK (Debian's MiniBrowser, the engine of Safari) driven over classic WebDriver: WebKitWebDriver under
 * xvfb-run, on a free port, through selenium-webdriver. WebKitGTK's WebDriver has no BiDi and no log endpoint, so
 * each document gets an error collector as soon as WebDriver can reach it (right after it loads): uncaught errors,
 * failed loads, unhandled rejections, CSP violations and console.error from then on, plus any script or style the
 * page fetched from another scheme or host than its own (what `upgrade-insecure-requests` on plain http caused).
 * An error thrown while the document was still loading shows as a journey that cannot go on.
 */
import { Builder, Key, Origin, type WebDriver, type WebElement } from 'selenium-webdriver';
import { findMiniBrowser, webkitDriverPath, xvfbRunPath } from '../../scripts/lib/browsers.mjs';
import { startGroup, type StartedGroup } from '../../scripts/lib/processes.mjs';
import { freePort } from '../../scripts/lib/start-site.mjs';
import { Engine, PAGE_HELPERS, type Wire } from './engine';

/** Runs in each new document, after PAGE_HELPERS: collects what the page reports into `window.__smokeErrors`. */
const ERROR_COLLECTOR = `
window.__smokeErrors = [];
for (const entry of performance.getEntriesByType('resource')) {
  const url = new URL(entry.name);
  if ((url.protocol !== location.protocol || url.hostname !== location.hostname) && /^(script|link|css)$/.test(entry.initiatorType))
    window.__smokeErrors.push('fetched from another scheme or host: ' + entry.name);
}
addEventListener('error', (event) => {
  const target = event.target;
  window.__smokeErrors.push(target && target !== window && (target.src || target.href)
    ? 'failed to load ' + (target.src || target.href)
    : 'page error: ' + event.message);
}, true);
addEventListener('unhandledrejection', (event) => window.__smokeErrors.push('unhandled rejection: ' + (event.reason && event.reason.message || event.reason)));
addEventListener('securitypolicyviolation', (event) => window.__smokeErrors.push('CSP violation: ' + event.violatedDirective + ' ' + event.blockedURI));
const consoleError = console.error;
console.error = function (...args) {
  window.__smokeErrors.push('console: ' + args.map(String).join(' '));
  return consoleError.apply(this, args);
};
`;

export interface WebKitDriver {
  driver: WebDriver;
  stop: () => Promise<void>;
}

/** Resolves once the driver says it is ready; false if it stopped first (its port was taken after all). */
async function driverReady(url: string, driver: StartedGroup, timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!driver.running()) return false;
    const status = await fetch(`${url}/status`)
      .then((response) => response.json() as Promise<{ value?: { ready?: boolean } }>)
      .catch(() => undefined);
    if (status?.value?.ready && driver.running()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100)); // the poll interval: it waits for the driver, not for time
  }
  throw new Error(`WebKitWebDriver did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/** WebKitWebDriver on a free port in its own X server and process group (stopping it stops Xvfb and the browser). */
async function startDriver(zoom: number): Promise<{ url: string; group: StartedGroup }> {
  // WebKitWebDriver cannot be given port 0, so a port found free may be taken before it binds: it then exits, and
  // another free port is tried.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const group = startGroup(xvfbRunPath, ['-a', '-s', '-screen 0 1280x1024x24', webkitDriverPath, `--port=${port}`], {
      env: zoom === 1 ? process.env : { ...process.env, GDK_DPI_SCALE: String(zoom) },
      label: `WebKitWebDriver on port ${port}`,
      onStderr: () => undefined,
    });
    const url = `http://127.0.0.1:${port}`;
    try {
      if (await driverReady(url, group)) return { url, group };
    } catch (error) {
      await group.stop();
      throw error;
    }
    await group.stop();
    if (attempt === 3) throw new Error(`WebKitWebDriver stopped before it was ready, three times (last on port ${port})`);
  }
}

/**
 * WebKitWebDriver on a free port inside its own X server, and a session with a MiniBrowser window of 1280×900.
 * `zoom` draws each CSS pixel with that many screen pixels (WebKitGTK zooms pages by GTK's text scale): MiniBrowser's
 * window is never narrower than its toolbar, 447 px, so a page 320 px wide needs a 480 px window at 150 %.
 */
export async function startWebKit({ zoom = 1 } = {}): Promise<WebKitDriver> {
  const miniBrowser = findMiniBrowser();
  if (!miniBrowser) throw new Error('No WebKitGTK MiniBrowser: sudo apt-get install -y webkit2gtk-driver');
  const { url, group } = await startDriver(zoom);
  try {
    const driver = await new Builder()
      .usingServer(url)
      .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] } })
      .build();
    await driver.manage().window().setRect({ width: 1280, height: 900 });
    return {
      driver,
      stop: async () => {
        await driver.quit().catch(() => undefined);
        await group.stop();
      },
    };
  } catch (error) {
    await group.stop(0);
    throw error;
  }
}

export class WebKitEngine extends Engine<WebElement> {
  readonly name = 'WebKitGTK';
  constructor(
    baseUrl: string,
    private readonly driver: WebDriver,
    /** As started (startWebKit's `zoom`). */
    private readonly zoom = 1,
  ) {
    super(baseUrl);
  }

  protected async navigate(url: string): Promise<void> {
    await this.collect();
    await this.driver.get(url);
  }

  protected async navigateBack(): Promise<void> {
    await this.collect();
    await this.driver.navigate().back();
  }

  protected evaluate<T>(fn: (...args: never[]) => T, ...args: unknown[]): Promise<T> {
    return this.driver.executeScript(fn as (...a: unknown[]) => T, ...args) as Promise<T>;
  }

  protected async prepareDocument(): Promise<void> {
    const ready = await this.driver.executeScript<boolean>(
      () => typeof (window as unknown as { __smokeFind?: unknown }).__smokeFind === 'function',
    );
    if (!ready) await this.driver.executeScript(`${PAGE_HELPERS}\n${ERROR_COLLECTOR}`);
  }

  protected async findHandle(query: Wire): Promise<WebElement | null> {
    const [found, errors] = await this.driver.executeScript<[WebElement | null, string[]]>((wire: unknown) => {
      const page = window as unknown as { __smokeFind: (q: unknown) => Element[]; __smokeErrors: string[] };
      return [page.__smokeFind(wire)[0] ?? null, page.__smokeErrors.splice(0)];
    }, query);
    this.errors.push(...errors);
    return found;
  }

  /** Moves the page's collected errors over (before the document is replaced, and when asked for them). */
  private async collect(): Promise<void> {
    const errors = await this.driver
      .executeScript<string[]>(() => (window as unknown as { __smokeErrors?: string[] }).__smokeErrors?.splice(0) ?? [])
      .catch(() => []);
    this.errors.push(...errors);
  }

  override async takeErrors(): Promise<string[]> {
    await this.collect();
    return super.takeErrors();
  }

  protected isStale(error: unknown): boolean {
    return error instanceof Error && error.name === 'StaleElementReferenceError';
  }

  protected async clickHandle(handle: WebElement): Promise<void> {
    if (this.zoom === 1) return handle.click();
    // Zoomed, WebKitWebDriver misses an element it clicks (it finds the point in CSS pixels, then reads it as screen
    // pixels); a pointer sent to the element's centre in screen pixels lands on it.
    // Only once the element is what a pointer there would touch (a page still settling moves it between the look and the click).
    const { x, y } = await this.until(
      'the element under the pointer',
      async () =>
        (await this.driver.executeScript<{ x: number; y: number } | null>((element: Element) => {
          element.scrollIntoView({ block: 'center' });
          const box = element.getBoundingClientRect();
          const point = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
          const hit = document.elementFromPoint(point.x, point.y);
          return hit && element.contains(hit) ? point : null;
        }, handle)) ?? undefined,
    );
    await this.driver
      .actions()
      .move({ x: Math.round(x * this.zoom), y: Math.round(y * this.zoom), origin: Origin.VIEWPORT })
      .click()
      .perform();
  }

  protected async typeInto(handle: WebElement, value: string): Promise<void> {
    await handle.sendKeys(value);
  }

  protected async chooseOption(handle: WebElement, optionLabel: string): Promise<void> {
    const option = await this.driver.executeScript<WebElement | null>(
      (select: HTMLSelectElement, wanted: string) => [...select.options].find((o) => o.text.trim() === wanted) ?? null,
      handle,
      optionLabel,
    );
    if (!option) throw new Error(`no option "${optionLabel}"`);
    await option.click();
  }

  /** The page is as wide as the window (no frame at its sides, scroll bars drawn over it), in zoomed pixels. */
  protected async resizeTo(width: number): Promise<void> {
    const window = this.driver.manage().window();
    const [rect, page] = await Promise.all([
      window.getRect(),
      this.driver.executeScript<number>(() => document.documentElement.clientWidth),
    ]);
    await window.setRect({ width: Math.round((width * rect.width) / page), height: rect.height });
  }

  async press(key: 'Tab' | 'Escape'): Promise<void> {
    await this.driver
      .switchTo()
      .activeElement()
      .sendKeys(key === 'Tab' ? Key.TAB : Key.ESCAPE);
  }

  async close(): Promise<void> {
    await this.collect();
  }
}
