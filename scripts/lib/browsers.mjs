// Where the test browsers live: Debian's packages, never a download. Chromium runs the full Playwright suite
// (scripts/lib/chromium.mjs); Firefox ESR and WebKitGTK run the smoke journeys in tests/browsers/.
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { chromePath } from './chromium.mjs';

export const firefoxPath = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
export const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';
export const xvfbRunPath = '/usr/bin/xvfb-run';

/** WebKitGTK's MiniBrowser: /usr/lib/<triplet>/webkit2gtk-4.x/MiniBrowser (the architecture and API version vary). */
export function findMiniBrowser(root = '/usr/lib') {
  if (process.env.MINIBROWSER_PATH) return process.env.MINIBROWSER_PATH;
  for (const triplet of existsSync(root) ? readdirSync(root) : []) {
    const dir = `${root}/${triplet}`;
    let entries = [];
    try {
      entries = readdirSync(dir).filter((name) => /^webkit2?gtk-[\d.]+$/.test(name));
    } catch {
      continue;
    }
    for (const api of entries.sort().reverse()) if (existsSync(`${dir}/${api}/MiniBrowser`)) return `${dir}/${api}/MiniBrowser`;
  }
  return undefined;
}

const runnable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export function browserCheck() {
  const miniBrowser = findMiniBrowser();
  return [
    { name: `Chromium (${chromePath})`, package: 'chromium', present: runnable(chromePath) },
    { name: `Firefox ESR (${firefoxPath})`, package: 'firefox-esr', present: runnable(firefoxPath) },
    { name: `WebKitGTK's WebKitWebDriver (${webkitDriverPath})`, package: 'webkit2gtk-driver', present: runnable(webkitDriverPath) },
    { name: "WebKitGTK's MiniBrowser", package: 'webkit2gtk-driver', present: !!miniBrowser && runnable(miniBrowser) },
    { name: `xvfb-run (${xvfbRunPath})`, package: 'xvfb', present: runnable(xvfbRunPath) },
  ];
}
