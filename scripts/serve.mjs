#!/usr/bin/env node
// Builds the site, migrates a local D1 and serves both with `wrangler dev` (production's workerd runtime). E-mail goes
// to the mail catcher unless RESEND_API_KEY is set; postcodes to postcodes.io if it answers within 2 s, else the
// stand-in. Env vars override every choice; `--env test` (and `--stand-ins`) always use the stand-ins.
//   node scripts/serve.mjs [--no-build] [--port 8788] [--state .wrangler/state] [--fresh] [--env test] [--stand-ins] [--https]
// (--https: wrangler's own self-signed certificate, for checking what only an https page gets)
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { offlineEnv } from './lib/offline-env.mjs';
import { SMS_INBOUND_PATH, startStandIns, STRIPE_WEBHOOK_PATH } from './lib/stand-ins.mjs';
import { BUILT_WORKER_CONFIG } from './lib/built-site.mjs';
import { API_ONLY_ENV } from './lib/start-site.mjs';

const { values: opts } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string', default: process.env.PORT ?? '8788' },
    state: { type: 'string', default: '.wrangler/state' },
    fresh: { type: 'boolean', default: false },
    env: { type: 'string' },
    'stand-ins': { type: 'boolean', default: false },
    'test-scheduled': { type: 'boolean', default: false },
    https: { type: 'boolean', default: false },
  },
});

const node = process.execPath;
const wrangler = ['node_modules/wrangler/bin/wrangler.js'];
const inTests = opts.env === 'test' || opts.env === 'load';

const protocol = opts.https ? 'https' : 'http';
const services = await startStandIns({
  forceStandIns: opts['stand-ins'] || inTests,
  stripeWebhookUrl: `${protocol}://127.0.0.1:${opts.port}${STRIPE_WEBHOOK_PATH}`,
  smsInboundUrl: `${protocol}://127.0.0.1:${opts.port}${SMS_INBOUND_PATH}`,
});
console.log(`\n▶ External services\n  ${services.lines.join('\n  ')}`);

const env = {
  ...offlineEnv,
  CLOUDFLARE_ENV: undefined,
  PUBLIC_POSTCODES_API_URL: process.env.PUBLIC_POSTCODES_API_URL || services.postcodesUrl,
  // The CSP's form-action (astro.config.mjs): the stand-in's hosted Checkout page; real Stripe's is the default.
  STRIPE_CHECKOUT_URL: services.stripeCheckoutUrl,
};

function run(label, args, extraEnv = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(node, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`✗ ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

// The adapter writes the Worker's configuration for one wrangler.jsonc environment at build time (CLOUDFLARE_ENV), and
// `wrangler` then reads that file (dist/server/wrangler.json, through .wrangler/deploy/config.json) for every command.
if (!opts['no-build'])
  run(
    `Building the site (astro build, postcodes from ${env.PUBLIC_POSTCODES_API_URL})`,
    ['node_modules/astro/bin/astro.mjs', 'build'],
    opts.env ? { CLOUDFLARE_ENV: opts.env } : {},
  );
// The pages' CSP names one Checkout address (form-action), chosen at build time: a build for another address (a plain
// `npm run build` names Stripe's own) would leave every "Pay" on its page, so say so rather than serve it silently.
const builtFormAction = /form-action ([^;"]*)/.exec(readFileSync('dist/client/index.html', 'utf8'))?.[1] ?? '';
if (process.env[API_ONLY_ENV] !== '1' && !builtFormAction.split(' ').includes(new URL(services.stripeCheckoutUrl).origin))
  console.warn(
    `\n⚠ dist/ allows Checkout at ${builtFormAction.replace("'self' ", '')}, not ${new URL(services.stripeCheckoutUrl).origin}: ` +
      'Pay will not leave its page. Serve with a build (npm start), or build with STRIPE_CHECKOUT_URL set to that address.',
  );
const builtFor = JSON.parse(readFileSync(BUILT_WORKER_CONFIG, 'utf8')).targetEnvironment ?? undefined;
if (builtFor !== opts.env) {
  console.error(`✗ dist/ was built for the ${builtFor ?? 'production'} environment, not ${opts.env ?? 'production'}: build again.`);
  process.exit(1);
}
if (opts.fresh) rmSync(opts.state, { recursive: true, force: true });
run('Applying database migrations to the local D1', [
  ...wrangler,
  'd1',
  'migrations',
  'apply',
  'DB',
  '--local',
  '--persist-to',
  opts.state,
]);

const vars = { POSTCODES_API_URL: services.postcodesUrl, RESEND_BASE_URL: services.resendUrl, RESEND_API_KEY: services.resendKey };
if (services.githubUrl) vars.GITHUB_STAND_IN_URL = services.githubUrl;
if (services.stripeUrl) vars.STRIPE_API_URL = services.stripeUrl;
// Secrets, but the stand-in's made-up ones (or the caller's own from the environment): never real keys in a file.
if (services.stripeSecretKey) vars.STRIPE_SECRET_KEY = services.stripeSecretKey;
if (services.stripeWebhookSecret) vars.STRIPE_WEBHOOK_SECRET = services.stripeWebhookSecret;
for (const [name, value] of Object.entries({
  SMS_API_URL: services.smsUrl,
  SMS_ACCOUNT_SID: services.smsAccountSid,
  SMS_AUTH_TOKEN: services.smsAuthToken,
  SMS_FROM: services.smsFrom,
}))
  if (value) vars[name] = value;
for (const name of ['MAIL_FROM', 'BUSINESS_EMAIL', 'OWNER_EMAIL', 'SITE_URL', 'OUTBOX_RETRY_BASE_SECONDS', 'HEALTH_TOKEN'])
  if (process.env[name]) vars[name] = process.env[name];
const varArgs = Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]);

console.log(`\n▶ Serving on ${protocol}://127.0.0.1:${opts.port} (Worker + static assets + local D1 in ${opts.state})`);
if (services.mailCatcherUrl) console.log(`  Captured e-mails: ${services.mailCatcherUrl}/`);
if (!process.env.SMS_API_URL) console.log(`  Text messages: ${services.smsUrl}/`);
const server = spawn(
  node,
  [
    ...wrangler,
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    opts.port,
    '--persist-to',
    opts.state,
    '--show-interactive-dev-session=false',
    '--local-protocol',
    protocol,
    // The adapter's generated config says http upstream; the Worker must see the https the visitor used.
    '--upstream-protocol',
    protocol,
    ...(opts['test-scheduled'] || inTests ? ['--test-scheduled'] : []),
    ...varArgs,
  ],
  { stdio: 'inherit', env },
);

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', async (code, signal) => {
  await services.close();
  process.exit(code ?? (signal ? 0 : 1));
});
