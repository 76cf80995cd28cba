import { createRoot } from 'react-dom/client';
import { takePendingTrigger } from '~/scripts/pending-trigger';
import CookieConsent, { SETTINGS_SELECTOR } from './CookieConsent';

/** Client-only: the banner shows nothing until a second after load, so there is nothing to pre-render. */
export function mount(host: HTMLElement): void {
  // A Cookie settings press that woke the island is honoured as soon as it renders.
  createRoot(host).render(<CookieConsent pendingOpener={takePendingTrigger(SETTINGS_SELECTOR)} />);
}
