import { useEffect, useState } from 'react';
import { $consent, ALL_OPTIONAL, NO_OPTIONAL, saveConsent, type ConsentChoices } from '~/scripts/consent';
import { CookieBanner } from './CookieBanner';
import { CookiePreferences } from './CookiePreferences';

export const SETTINGS_SELECTOR = '[data-cookie-settings]';
/** Spec: the banner appears 1 second after the page loads when no choice is stored. */
export const BANNER_DELAY_MS = 1000;

function storedChoices(): ConsentChoices {
  const record = $consent.get();
  return record ? { analytics: record.analytics, functional: record.functional, marketing: record.marketing } : NO_OPTIONAL;
}

export default function CookieConsent({ pendingOpener = null }: { pendingOpener?: HTMLElement | null }) {
  const [bannerVisible, setBannerVisible] = useState(false);
  const [preferencesOpen, setPreferencesOpen] = useState(pendingOpener !== null);
  const [opener, setOpener] = useState<HTMLElement | null>(pendingOpener);
  const [initialChoices, setInitialChoices] = useState<ConsentChoices>(() => (pendingOpener ? storedChoices() : NO_OPTIONAL));

  const openPreferences = (from: HTMLElement | null) => {
    setInitialChoices(storedChoices());
    setOpener(from);
    setPreferencesOpen(true);
  };

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest<HTMLElement>(SETTINGS_SELECTOR);
      if (target) openPreferences(target);
    };
    document.addEventListener('click', onClick);
    const timer = $consent.get() ? undefined : window.setTimeout(() => setBannerVisible(true), BANNER_DELAY_MS);
    return () => {
      document.removeEventListener('click', onClick);
      window.clearTimeout(timer);
    };
  }, []);

  const decide = (choices: ConsentChoices) => {
    saveConsent(choices);
    setPreferencesOpen(false);
    setBannerVisible(false);
  };

  return (
    <>
      {bannerVisible && (
        <CookieBanner
          onAcceptAll={() => decide(ALL_OPTIONAL)}
          onRejectAll={() => decide(NO_OPTIONAL)}
          onManage={(button) => openPreferences(button)}
          onClose={() => setBannerVisible(false)}
        />
      )}
      <CookiePreferences
        open={preferencesOpen}
        initialChoices={initialChoices}
        returnFocusTo={opener}
        onSave={decide}
        onCancel={() => setPreferencesOpen(false)}
      />
    </>
  );
}
