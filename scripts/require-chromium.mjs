import { accessSync, constants } from 'node:fs';
import { chromePath } from './lib/chromium.mjs';

try {
  accessSync(chromePath, constants.X_OK);
} catch {
  console.error(
    `No Chromium at ${chromePath}: install Debian's browser with "sudo apt-get install -y chromium" (or set CHROME_PATH to a Chromium binary) and run the tests again.`,
  );
  process.exit(1);
}
