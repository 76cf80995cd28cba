#!/usr/bin/env node
// `npm run dev`: Astro's dev server with the Worker in the workerd runtime (the Cloudflare adapter's Vite plugin), so
// /api/*, the form posts and the on-demand pages answer as in production, with a local D1 (migrated first, kept in
// .wrangler/state) and the stand-ins for what is not reachable (as `npm start` chooses them). Pages and islands reload
// on save; the article editor answers at /keystatic.
import { spawn, spawnSync } from 'node:child_process';
import { offlineEnv } from './lib/offline-env.mjs';
import { SMS_INBOUND_PATH, startStandIns, STRIPE_WEBHOOK_PATH } from './lib/stand-ins.mjs';

// Astro's dev server's port (4321 unless --port says otherwise): where the Stripe stand-in sends its events.
const portArg = process.argv.indexOf('--port');
const devPort = portArg >= 0 ? process.argv[portArg + 1] : '4321';
const services = await startStandIns({
  stripeWebhookUrl: `http://localhost:${devPort}${STRIPE_WEBHOOK_PATH}`,
  smsInboundUrl: `http://localhost:${devPort}${SMS_INBOUND_PATH}`,
});
console.log(`\n▶ External services\n  ${services.lines.join('\n  ')}`);

const migrated = spawnSync(process.execPath, ['node_modules/wrangler/bin/wrangler.js', 'd1', 'migrations', 'apply', 'DB', '--local'], {
  stdio: 'inherit',
  env: { ...offlineEnv, CI: 'true' },
});
if (migrated.status !== 0) {
  console.error('✗ Applying database migrations to the local D1 failed.');
  await services.close();
  process.exit(migrated.status ?? 1);
}

// The Vite plugin passes this process's environment to the Worker as vars (CLOUDFLARE_INCLUDE_PROCESS_ENV): the
// stand-ins' addresses reach it without a file.
const dev = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...offlineEnv,
    CLOUDFLARE_INCLUDE_PROCESS_ENV: 'true',
    POSTCODES_API_URL: services.postcodesUrl,
    PUBLIC_POSTCODES_API_URL: process.env.PUBLIC_POSTCODES_API_URL || services.postcodesUrl,
    RESEND_BASE_URL: services.resendUrl,
    ...(services.resendKey ? { RESEND_API_KEY: services.resendKey } : {}),
    STRIPE_API_URL: services.stripeUrl,
    STRIPE_CHECKOUT_URL: services.stripeCheckoutUrl,
    STRIPE_SECRET_KEY: services.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: services.stripeWebhookSecret,
    SMS_API_URL: services.smsUrl,
    SMS_ACCOUNT_SID: services.smsAccountSid ?? '',
    SMS_AUTH_TOKEN: services.smsAuthToken ?? '',
    SMS_FROM: services.smsFrom ?? '',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => dev.kill(signal));
dev.on('exit', async (code, signal) => {
  await services.close();
  process.exit(code ?? (signal ? 1 : 0));
});
