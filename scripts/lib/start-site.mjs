// Starts the stand-ins and scripts/serve.mjs for the tests and measuring scripts. A random token per run goes to the
// Worker as HEALTH_TOKEN and comes back in /api/health's X-Health-Token header (functions/api/health.ts): only an
// answer carrying it counts, so a run never talks to another program's server on a taken port.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { BUILT_WORKER_CONFIG } from './built-site.mjs';
import { toolEnv } from './project-copy.mjs';
import { SMS_INBOUND_PATH, startStandIns, STRIPE_WEBHOOK_PATH } from './stand-ins.mjs';
import { startGroup, track } from './processes.mjs';

export const HEALTH_TOKEN_HEADER = 'x-health-token';

export function portFromEnv(name, env = process.env) {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name}=${value} is not a port number`);
  return port;
}

/** The OS picks it (port 0) and it is let go at once for the caller. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function outputTail(limit = 30) {
  let lines = [];
  return {
    add(text) {
      lines = [...lines, ...String(text).split('\n').filter(Boolean)].slice(-limit);
    },
    toString: () => (lines.length ? `\nLast output of scripts/serve.mjs:\n  ${lines.join('\n  ')}` : ''),
  };
}

/**
 * For wrangler's self-signed certificate (`startSite({ https })`), so the certificate is not checked.
 * @param {string} url
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, text: string }>}
 */
export function getLocalHttps(url, { timeoutMs = 10_000 } = {}) {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(url, { rejectUnauthorized: false, timeout: timeoutMs }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`${url} did not answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end();
  });
}

async function health(url, timeoutMs = 10_000) {
  if (url.startsWith('https:')) {
    const answer = await getLocalHttps(`${url}/api/health`, { timeoutMs }).catch(() => undefined);
    return answer && { status: answer.status, token: answer.headers[HEALTH_TOKEN_HEADER] };
  }
  const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(timeoutMs) }).catch(() => undefined);
  if (!response) return undefined;
  await response.arrayBuffer().catch(() => undefined);
  return { status: response.status, token: response.headers.get(HEALTH_TOKEN_HEADER) };
}

/** wrangler's line once it serves: the address it bound (with `--port 0`, the port the system gave it). */
const READY = /Ready on (https?:\/\/[^\s/]+)/;

const impostor = (url, status) =>
  new Error(
    `Another program answers on ${url} (GET /api/health: ${status}, without this run's token). ` +
      'Free that port, or leave the port variable unset so a free port is used.',
  );

/**
 * Waits for wrangler's "Ready on" line (an event), then asks /api/health: only an answer with this run's token counts.
 * A port the caller named may be held by another program, which wrangler cannot bind: its health answer without the
 * token fails the start at once, loudly.
 */
async function waitUntilServing({ server, output, token, timeoutMs, tail, namedUrl }) {
  let timer;
  let settled = false;
  const ready = new Promise((resolve, reject) => {
    const check = () => {
      const found = READY.exec(output());
      if (found) resolve(namedUrl ?? found[1]);
    };
    server.child.stdout.on('data', check);
    check();
    server.exited.then(({ code, signal }) =>
      reject(new Error(`scripts/serve.mjs stopped (${code ?? signal}) before the site was ready.${tail}`)),
    );
    timer = setTimeout(
      () => reject(new Error(`scripts/serve.mjs did not report the site ready within ${timeoutMs / 1000} s.${tail}`)),
      timeoutMs,
    );
    // A named port: watch it for another program's answer meanwhile (the free port the system gives cannot have one).
    if (namedUrl)
      (async () => {
        while (!settled) {
          const answer = await health(namedUrl);
          if (answer && answer.token !== token) return reject(impostor(namedUrl, answer.status));
          if (!settled) await delay(500);
        }
      })();
  });
  try {
    const url = await ready;
    const answer = await health(url, 60_000);
    if (!answer || answer.token !== token) throw impostor(url, answer?.status ?? 'no answer');
    if (answer.status < 200 || answer.status >= 300) throw new Error(`${url}/api/health answered ${answer.status}.${tail}`);
    return url;
  } finally {
    settled = true;
    clearTimeout(timer);
  }
}

/**
 * @param {object} options
 * @param {string} options.state         the local D1 folder (under .wrangler/); wiped first, so every run starts empty
 * @param {'test' | 'load'} [options.wranglerEnv]  the wrangler.jsonc environment (default 'test' with a build, else the
 *                                      one the last build was made for)
 * @param {boolean} [options.build]      run `astro build` first, against the stand-ins (default false: serve the last build)
 * @param {{ site?: number, postcodes?: number, mail?: number }} [options.ports]  named ports; unset ones are free ports
 * @param {(text: string) => void} [options.onOutput]  receives serve.mjs's output (default: kept for error messages)
 * @param {number} [options.timeoutMs]   how long to wait for the site to be ready (default 10 min with a build, else 3);
 *                                      then it is stopped and the start fails
 * @param {boolean} [options.https]      serve over https with wrangler's self-signed certificate (read it with getLocalHttps)
 * @param {string} [options.cwd]         the project to serve (default: this one); a copy of it, say, with other articles
 * @param {Record<string, string>} [options.env]  more environment for the build and the Worker (e.g. ARTICLES_TODAY)
 * @param {boolean} [options.reuseBuild] with `build`, serve the last build instead if it was made the same way
 *                                      (BUILD_RECORD; default: SHIFTLY_REUSE_BUILD=1, which `npm test` sets)
 * @param {boolean} [options.apiOnly]    no browser will use it: the build's CSP may name another start's Checkout
 */
/**
 * What a test build baked in besides the source: its environment, its variables, and the stand-ins' addresses the
 * browser code and the CSP name (PUBLIC_POSTCODES_API_URL; STRIPE_CHECKOUT_URL in form-action). Another start in the
 * same `npm test` run serves that build again (`reuseBuild`) with its stand-ins on those same ports, instead of a
 * second build of the same source (issue 42: the API tests and Playwright each built the site).
 */
export const BUILD_RECORD = 'dist/test-build.json';
/** Set by `npm test` for the stages after the first build (scripts/test.mjs): the source cannot change meanwhile. */
export const REUSE_BUILD_ENV = 'SHIFTLY_REUSE_BUILD';
/** Tells scripts/serve.mjs that only HTTP tests use this server, so a CSP naming another Checkout address is fine. */
export const API_ONLY_ENV = 'SHIFTLY_API_ONLY';

function reusableBuild(cwd, environment, env) {
  try {
    const record = JSON.parse(readFileSync(join(cwd, BUILD_RECORD), 'utf8'));
    const sameEnv = record.environment === environment && JSON.stringify(record.env) === JSON.stringify(env);
    return sameEnv && builtEnvironment(cwd) === environment ? record : undefined;
  } catch {
    return undefined;
  }
}

/** The wrangler.jsonc environment the last build was made for (undefined: production). */
const builtEnvironment = (cwd) => JSON.parse(readFileSync(join(cwd, BUILT_WORKER_CONFIG), 'utf8')).targetEnvironment ?? undefined;

export async function startSite({
  state,
  wranglerEnv,
  build = false,
  ports = {},
  onOutput,
  timeoutMs,
  https = false,
  cwd = process.cwd(),
  env = {},
  reuseBuild = process.env[REUSE_BUILD_ENV] === '1',
  apiOnly = false,
} = {}) {
  if (!state) throw new Error('startSite needs a state folder');
  // The Worker itself comes from the build (the Cloudflare adapter bundles it), so serving needs one.
  if (!build && !existsSync(join(cwd, BUILT_WORKER_CONFIG)))
    throw new Error(`${join(cwd, BUILT_WORKER_CONFIG)} is missing: build first (npm run build), or pass build: true.`);
  const environment = wranglerEnv ?? (build ? 'test' : builtEnvironment(cwd));
  const protocol = https ? 'https' : 'http';
  // Unless the caller names a port, wrangler binds port 0 and reports the port it got: no other program can take it
  // between a choice and the bind (issue 42: "another program answers" on a port found free a moment before).
  const namedUrl = ports.site === undefined ? undefined : `${protocol}://127.0.0.1:${ports.site}`;
  let url = namedUrl;
  const standInsOn = (baked = {}) =>
    startStandIns({
      forceStandIns: true,
      strictPorts: true,
      env: {
        POSTCODES_STANDIN_PORT: String(baked.postcodes ?? ports.postcodes ?? 0),
        MAIL_CATCHER_PORT: String(ports.mail ?? 0),
        STRIPE_STANDIN_PORT: String(baked.stripe ?? 0),
        // No page names the SMS stand-in: a free port every time.
        SMS_STANDIN_PORT: '0',
      },
      // Asked at each delivery: the address is known once wrangler is serving.
      stripeWebhookUrl: () => url && `${url}${STRIPE_WEBHOOK_PATH}`,
      smsInboundUrl: () => url && `${url}${SMS_INBOUND_PATH}`,
    });
  let standIns;
  const record = build && reuseBuild ? reusableBuild(cwd, environment, env) : undefined;
  if (record) {
    // The built pages name these stand-ins: the same ports again, or (taken meanwhile by another program) a new build.
    const portOf = (address) => Number(new URL(address).port);
    standIns = await standInsOn({ postcodes: portOf(record.postcodesUrl), stripe: portOf(record.stripeUrl) }).catch((error) => {
      console.warn(`Building again: the last build's stand-in ports are not free (${error.message}).`);
      return undefined;
    });
    if (standIns) build = false;
  }
  standIns ??= await standInsOn();
  const token = randomBytes(16).toString('hex');
  const tail = outputTail();
  let output = '';
  const server = startGroup(
    process.execPath,
    [
      'scripts/serve.mjs',
      ...(build ? [] : ['--no-build']),
      ...(https ? ['--https'] : []),
      ...['--port', String(ports.site ?? 0), '--state', state, '--fresh', ...(environment ? ['--env', environment] : [])],
    ],
    {
      cwd,
      label: `scripts/serve.mjs for ${state}${cwd === process.cwd() ? '' : ` in ${cwd}`}`,
      // Without the test runner's NODE_ENV=test (vitest's), which would make the build a development one (React's
      // development build in dist/, measured by `npm run budgets` after `npm run test:unit`).
      env: {
        ...toolEnv(env),
        POSTCODES_API_URL: standIns.postcodesUrl,
        PUBLIC_POSTCODES_API_URL: standIns.postcodesUrl,
        RESEND_BASE_URL: standIns.resendUrl,
        RESEND_API_KEY: standIns.resendKey,
        GITHUB_STAND_IN_URL: standIns.githubUrl,
        STRIPE_API_URL: standIns.stripeUrl,
        STRIPE_SECRET_KEY: standIns.stripeSecretKey,
        STRIPE_WEBHOOK_SECRET: standIns.stripeWebhookSecret,
        SMS_API_URL: standIns.smsUrl,
        SMS_ACCOUNT_SID: standIns.smsAccountSid,
        SMS_AUTH_TOKEN: standIns.smsAuthToken,
        SMS_FROM: standIns.smsFrom,
        HEALTH_TOKEN: token,
        ...(apiOnly ? { [API_ONLY_ENV]: '1' } : {}),
      },
      onStdout: (text) => {
        // Only until ready: the "Ready on" line is all that is looked for.
        if (!url) output += text;
        if (onOutput) onOutput(text);
        else tail.add(text);
      },
      onStderr: (text) => {
        tail.add(text);
        process.stderr.write(text);
      },
    },
  );

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    untrack();
    await server.stop();
    await standIns.close();
  };
  // The in-process stand-ins stop with the server when a file's afterAll stops what it started (stopAllStarted).
  const untrack = track(stop);

  try {
    url = await waitUntilServing({
      server,
      output: () => output,
      token,
      timeoutMs: timeoutMs ?? (build ? 600_000 : 180_000),
      tail,
      namedUrl,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  output = '';
  const port = Number(new URL(url).port);
  if (build) {
    const made = { environment, env, postcodesUrl: standIns.postcodesUrl, stripeUrl: standIns.stripeUrl };
    writeFileSync(join(cwd, BUILD_RECORD), `${JSON.stringify(made, null, 2)}\n`);
  }
  return {
    url,
    port,
    token,
    postcodesUrl: standIns.postcodesUrl,
    mailUrl: standIns.resendUrl,
    githubUrl: standIns.githubUrl,
    stripeUrl: standIns.stripeUrl,
    smsUrl: standIns.smsUrl,
    statePath: state,
    /** The process group of serve.mjs, wrangler and workerd: for a script that measures the server's CPU time. */
    pgid: server.pgid,
    stop,
  };
}
