/** Hono's secureHeaders, as the Worker configures it, gives exactly the documented list (and nothing else). */
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { API_SECURITY_HEADERS, JOB_SHEET_PERMISSIONS, PAGE_SECURITY_POLICY, securityHeaders } from '../../functions/lib/security-headers';

function app() {
  const hono = new Hono();
  hono.use('*', ...securityHeaders);
  hono.get('/json', (c) => c.json({ ok: true }));
  hono.get('/sheet', (c) => c.html('<p>sheet</p>', 200, JOB_SHEET_PERMISSIONS));
  hono.get('/page', (c) => c.html('<p>hi</p>', 400, { 'Content-Security-Policy': "default-src 'none'; form-action 'self'" }));
  return hono;
}

describe('API security headers', () => {
  it('are exactly API_SECURITY_HEADERS on an answer', async () => {
    const response = await app().request('/json');
    const headers = Object.fromEntries(response.headers);
    delete headers['content-type'];
    expect(headers).toEqual(Object.fromEntries(Object.entries(API_SECURITY_HEADERS).map(([name, value]) => [name.toLowerCase(), value])));
  });
  it("keep an answer's own policy (an HTML page's CSP) and add the rest", async () => {
    const response = await app().request('/page');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; form-action 'self'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
  it('let the job sheet alone allow the location, from its own origin (issue 44 item 2); everything else forbids it', async () => {
    expect(API_SECURITY_HEADERS['Permissions-Policy']).toBe(
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    );
    const sheet = await app().request('/sheet');
    expect(sheet.headers.get('permissions-policy')).toBe(
      'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), interest-cohort=()',
    );
    expect((await app().request('/json')).headers.get('permissions-policy')).toContain('geolocation=()');
  });
});

describe('page policy', () => {
  it('is the header public/_headers gives every static page, so a page the Worker fills in is no different', () => {
    expect(readFileSync('public/_headers', 'utf8')).toContain(`Content-Security-Policy: ${PAGE_SECURITY_POLICY}\n`);
  });
});
