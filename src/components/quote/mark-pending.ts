// Inlined before the first paint (WizardShape.astro). Astro hashes only the scripts it bundles, so astro.config.mjs lists
// this one's hash in the policy. No imports: it is the text of the script.
export const MARK_PENDING = `(() => {
  if (document.querySelector('[data-form-answer]:not([hidden])')) return;
  const root = document.documentElement;
  root.classList.add('wizard-pending');
  const fallBack = () => root.classList.remove('wizard-pending');
  addEventListener('astro:hydration-error', fallBack);
  addEventListener('error', (event) => {
    if (!(event.target instanceof Element)) fallBack();
  });
})();`;
