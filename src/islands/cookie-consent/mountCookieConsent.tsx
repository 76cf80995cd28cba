import { createRoot } from 'react-dom/client';
import { takePendingTrigger } from '~/scripts/pending-trigger';
import CookieConsent, { SETTINGS_SELECTOR } from './CookieConsent';

/** Client-only: loaded by the first press on Cookie settings or Manage Preferences; nothing to pre-render. */
export function mount(host: HTMLElement): void {
  // The press that woke the island is honoured as soon as it renders.
  createRoot(host).render(<CookieConsent pendingOpener={takePendingTrigger(SETTINGS_SELECTOR)} />);
}
