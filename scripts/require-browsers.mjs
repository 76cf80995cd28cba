// Before the end-to-end tests: a missing browser stops the run with how to install it, never a skipped suite.
import { browserCheck } from './lib/browsers.mjs';

const missing = browserCheck().filter((browser) => !browser.present);
if (missing.length) {
  const packages = [...new Set(missing.map((browser) => browser.package))];
  console.error(
    `Missing for the end-to-end tests: ${missing.map((browser) => browser.name).join(', ')}; install ${packages.length > 1 ? 'them' : 'it'} with "sudo apt-get install -y ${packages.join(' ')}" (or set CHROME_PATH, FIREFOX_PATH, WEBKIT_DRIVER_PATH, MINIBROWSER_PATH) and run the tests again.`,
  );
  process.exit(1);
}
