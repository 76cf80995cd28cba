import { createRoot } from 'react-dom/client';
import CookieConsent from './CookieConsent';

/** Client-only: the banner shows nothing until a second after load, so there is nothing to pre-render. */
export function mount(host: HTMLElement): void {
  createRoot(host).render(<CookieConsent />);
}
