/**
 * scripts/lib/start-site.mjs never mistakes another program's server for its own: a dummy HTTP server that
 * answers every request like a healthy Shiftly (200 {"ok":true}) holds a port, and start-site is pointed at it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_TOKEN_HEADER, startSite } from '../../scripts/lib/start-site.mjs';

let impostor: Server;
let impostorPort: number;
const impostorRequests: string[] = [];

beforeAll(async () => {
  impostor = createServer((request, response) => {
    impostorRequests.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
  impostorPort = (impostor.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => impostor.close(resolve));
});

describe('start-site and a port held by another program', () => {
  it('fails loudly when the site port it is told to use answers without this run’s token', async () => {
    const started = startSite({ state: '.wrangler/start-site-test-state', ports: { site: impostorPort } });
    await expect(started).rejects.toThrow(`Another program answers on http://127.0.0.1:${impostorPort}`);
    // It asked the health check and nothing else: no test traffic went to the other program.
    expect(new Set(impostorRequests)).toEqual(new Set(['GET /api/health']));
  });

  it('fails loudly when a stand-in port it is told to use is taken', async () => {
    await expect(startSite({ state: '.wrangler/start-site-test-state', ports: { mail: impostorPort } })).rejects.toThrow(
      `port ${impostorPort} is taken by another program`,
    );
  });

  // Starting wrangler takes a minute or more on a busy two-core machine (65 s measured at load 19): a ceiling above
  // start-site's own (3 minutes), so start-site, not the runner, gives up first and stops what it started.
  it('on its own picks free ports, never the taken one, and the server answering is the one it started', { timeout: 240_000 }, async () => {
    const before = impostorRequests.length;
    const site = await startSite({ state: '.wrangler/start-site-test-state' });
    try {
      const ports = [site.port, new URL(site.postcodesUrl).port, new URL(site.mailUrl).port].map(Number);
      expect(ports).not.toContain(impostorPort);
      expect(new Set(ports).size).toBe(3);
      expect(site.token).toMatch(/^[0-9a-f]{32}$/);
      const health = await fetch(`${site.url}/api/health`);
      expect(health.status).toBe(200);
      expect(health.headers.get(HEALTH_TOKEN_HEADER)).toBe(site.token);
      expect(await health.json()).toEqual({ ok: true });
      expect(impostorRequests.length).toBe(before);
    } finally {
      await site.stop();
    }
    // Stopped means stopped: nothing answers on its port any more.
    await expect(fetch(`${site.url}/api/health`)).rejects.toThrow();
  });
});
