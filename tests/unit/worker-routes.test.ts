/** Issue 32 item 2: the Worker's routes are one list, which both Hono and the choice of Worker or asset server read. */
import { Hono, type Context } from 'hono';
import { describe, expect, it, vi } from 'vitest';

// routes.ts renders pages through the adapter's handler, whose `cloudflare:` imports do not load in Node; none renders here.
vi.mock('@astrojs/cloudflare/handler', () => ({ handle: () => Promise.reject(new Error('no page is rendered here')) }));
const { WorkerRoutes } = await import('../../functions/lib/routes');

const app = new Hono();
const says = (text: string) => (c: Context) => c.text(text);
const routes = new WorkerRoutes(app)
  .get('/quote', says('form'))
  .post('/login', says('sent'))
  .all('/api/*', says('api'))
  .getWhen((_, url) => url.searchParams.has('q'), '/faq', says('search'));

const asks = (method: string, path: string) => {
  const url = new URL(path, 'https://shiftly.example');
  return routes.answers(new Request(url, { method }), url);
};

describe('WorkerRoutes', () => {
  it('answers the paths and methods it routes, HEAD with GET', () => {
    expect(asks('GET', '/quote')).toBe(true);
    expect(asks('HEAD', '/quote')).toBe(true);
    expect(asks('POST', '/login')).toBe(true);
    expect(asks('DELETE', '/api/anything/below')).toBe(true);
  });

  it('leaves the rest to the asset server: another method, another path, a guard that says no', () => {
    expect(asks('GET', '/login')).toBe(false);
    expect(asks('GET', '/about')).toBe(false);
    expect(asks('GET', '/faq')).toBe(false);
    expect(asks('GET', '/faq?q=cancel')).toBe(true);
  });

  it('registers each route with Hono', async () => {
    expect(await (await app.request('/quote')).text()).toBe('form');
    expect(await (await app.request('/faq?q=x')).text()).toBe('search');
    expect(await (await app.request('/api/x', { method: 'PUT' })).text()).toBe('api');
  });
});
