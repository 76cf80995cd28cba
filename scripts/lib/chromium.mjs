// Debian's Chromium unless CHROME_PATH says otherwise: tools never download a browser of their own on these machines.
export const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

export const chromeArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
