// Environment for every tool the scripts start: nothing reaches for the internet, nothing phones home.
export const offlineEnv = {
  ...process.env,
  ASTRO_TELEMETRY_DISABLED: '1',
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  NO_UPDATE_NOTIFIER: '1',
};
