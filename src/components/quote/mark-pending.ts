/**
 * The quote page's one inline script (WizardShape.astro): it runs before the first paint and marks the page
 * `wizard-pending` where the wizard will run, or leaves the plain form when the Worker answered to it. Astro hashes only
 * the scripts it bundles, so astro.config.mjs lists this one's hash in the policy (the post-build step trusts only
 * what the policy lists). No framework, no imports: it is the text of the script.
 */
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
