import { useEffect, useState } from 'react';
import { $consent, choicesOf, NO_OPTIONAL, saveConsent, type ConsentChoices } from '~/scripts/consent';
import { CookiePreferences } from './CookiePreferences';

/** The controls that open the preferences: the footer's Cookie settings and the banner's Manage Preferences. */
export const SETTINGS_SELECTOR = '[data-cookie-settings]';

function storedChoices(): ConsentChoices {
  const record = $consent.get();
  return record ? choicesOf(record) : NO_OPTIONAL;
}

/** The only React part of cookie consent; a choice saved here hides the banner through the shared consent store. */
export default function CookieConsent({ pendingOpener = null }: { pendingOpener?: HTMLElement | null }) {
  const [open, setOpen] = useState(pendingOpener !== null);
  const [opener, setOpener] = useState<HTMLElement | null>(pendingOpener);
  const [initialChoices, setInitialChoices] = useState<ConsentChoices>(storedChoices);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest<HTMLElement>(SETTINGS_SELECTOR);
      if (!target) return;
      setInitialChoices(storedChoices());
      setOpener(target);
      setOpen(true);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  return (
    <CookiePreferences
      open={open}
      initialChoices={initialChoices}
      returnFocusTo={opener}
      onSave={(choices) => {
        saveConsent(choices);
        setOpen(false);
      }}
      onCancel={() => setOpen(false)}
    />
  );
}
