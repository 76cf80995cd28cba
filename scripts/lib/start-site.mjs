// Starts the stand-ins and scripts/serve.mjs for the tests and measuring scripts. A random token per run goes to the
// Worker as HEALTH_TOKEN and comes back in /api/health's X-Health-Token header (functions/api/health.ts): only an
// answer carrying it counts, so a run never talks to another program's server on a taken port.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { BUILT_WORKER_CONFIG } from './built-site.mjs';
import { toolEnv } from './project-copy.mjs';
import { startStandIns, STRIPE_WEBHOOK_PATH } from './stand-ins.mjs';

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

async function health(url) {
  if (url.startsWith('https:')) {
    const answer = await getLocalHttps(`${url}/api/health`).catch(() => undefined);
    return answer && { status: answer.status, token: answer.headers[HEALTH_TOKEN_HEADER] };
  }
  const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
  if (!response) return undefined;
  await response.arrayBuffer().catch(() => undefined);
  return { status: response.status, token: response.headers.get(HEALTH_TOKEN_HEADER) };
}

/** An answer without the token is another program's server holding the port: that fails at once, loudly. */
async function waitUntilServing({ url, token, child, timeoutMs, tail }) {
  const deadline = Date.now() + timeoutMs;
  let lastStatus;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`scripts/serve.mjs stopped (${child.exitCode ?? child.signalCode}) before ${url} was ready.${tail}`);
    const answer = await health(url);
    if (answer) {
      if (answer.token !== token)
        throw new Error(
          `Another program answers on ${url} (GET /api/health: ${answer.status}, without this run's token). ` +
            'Free that port, or leave the port variable unset so a free port is used.',
        );
      if (answer.status >= 200 && answer.status < 300) return;
      lastStatus = answer.status;
    }
    await delay(300);
  }
  throw new Error(
    `${url} did not answer /api/health within ${timeoutMs / 1000} s${lastStatus ? ` (last answer ${lastStatus})` : ''}.${tail}`,
  );
}

/**
 * @param {object} options
 * @param {string} options.state         the local D1 folder (under .wrangler/); wiped first, so every run starts empty
 * @param {'test' | 'load'} [options.wranglerEnv]  the wrangler.jsonc environment (default 'test' with a build, else the
 *                                      one the last build was made for)
 * @param {boolean} [options.build]      run `astro build` first, against the stand-ins (default false: serve the last build)
 * @param {{ site?: number, postcodes?: number, mail?: number }} [options.ports]  named ports; unset ones are free ports
 * @param {(text: string) => void} [options.onOutput]  receives serve.mjs's output (default: kept for error messages)
 * @param {number} [options.timeoutMs]   how long to wait for the health answer (default 5 min with a build, else 2)
 * @param {boolean} [options.https]      serve over https with wrangler's self-signed certificate (read it with getLocalHttps)
 * @param {string} [options.cwd]         the project to serve (default: this one); a copy of it, say, with other articles
 * @param {Record<string, string>} [options.env]  more environment for the build and the Worker (e.g. ARTICLES_TODAY)
 */
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
} = {}) {
  if (!state) throw new Error('startSite needs a state folder');
  // The Worker itself comes from the build (the Cloudflare adapter bundles it), so serving needs one.
  if (!build && !existsSync(join(cwd, BUILT_WORKER_CONFIG)))
    throw new Error(`${join(cwd, BUILT_WORKER_CONFIG)} is missing: build first (npm run build), or pass build: true.`);
  const environment = wranglerEnv ?? (build ? 'test' : builtEnvironment(cwd));
  const port = ports.site ?? (await freePort());
  const url = `${https ? 'https' : 'http'}://127.0.0.1:${port}`;
  const standIns = await startStandIns({
    forceStandIns: true,
    strictPorts: true,
    env: { POSTCODES_STANDIN_PORT: String(ports.postcodes ?? 0), MAIL_CATCHER_PORT: String(ports.mail ?? 0) },
    stripeWebhookUrl: `${url}${STRIPE_WEBHOOK_PATH}`,
  });
  const token = randomBytes(16).toString('hex');
  const tail = outputTail();
  const child = spawn(
    process.execPath,
    [
      'scripts/serve.mjs',
      ...(build ? [] : ['--no-build']),
      ...(https ? ['--https'] : []),
      ...['--port', String(port), '--state', state, '--fresh', ...(environment ? ['--env', environment] : [])],
    ],
    {
      cwd,
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
        HEALTH_TOKEN: token,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
      // Its own process group, so stopping it stops wrangler and workerd with it.
      detached: true,
    },
  );
  child.stdout.on('data', (chunk) => (onOutput ? onOutput(String(chunk)) : tail.add(chunk)));

  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      child.kill(signal);
    }
  };
  const running = () => child.exitCode === null && child.signalCode === null;
  // A run that ends without calling stop() (an uncaught error, process.exit) must not leave the server behind.
  const killOnExit = () => running() && killGroup('SIGKILL');
  process.on('exit', killOnExit);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', killOnExit);
    if (running()) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      killGroup('SIGTERM');
      await Promise.race([exited, delay(5000)]);
      if (running()) killGroup('SIGKILL');
    }
    await standIns.close();
  };

  try {
    await waitUntilServing({ url, token, child, timeoutMs: timeoutMs ?? (build ? 300_000 : 120_000), tail });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    port,
    token,
    postcodesUrl: standIns.postcodesUrl,
    mailUrl: standIns.resendUrl,
    githubUrl: standIns.githubUrl,
    stripeUrl: standIns.stripeUrl,
    statePath: state,
    stop,
  };
}
