import type { ClientDirective } from 'astro';
import { readStoredConsent } from '../scripts/consent-record';
import { wakeOnFirstClick } from './pending-trigger';

/**
 * `client:consent`: the cookie island loads after the page has loaded, and only when the visitor has not
 * chosen yet (or their choice expired); otherwise only when they ask for the cookie settings.
 * A returning visitor downloads no React at all.
 */
const consent: ClientDirective = (load, options) => {
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    stop();
    await (await load())();
  };
  const selector = typeof options.value === 'string' ? options.value : '[data-cookie-settings]';
  const stop = wakeOnFirstClick(selector, hydrate);
  if (readStoredConsent()) return;
  if (document.readyState === 'complete') void hydrate();
  else window.addEventListener('load', () => void hydrate(), { once: true });
};

export default consent;
