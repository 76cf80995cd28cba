#!/usr/bin/env node
// A postcodes.io-compatible stand-in for offline development and tests.
//   GET /postcodes/{postcode}               -> { status: 200, result: {...} } | 404 { status, error }
//   GET /postcodes/{partial}/autocomplete   -> { status: 200, result: [postcodes] | null }
//   GET /outcodes/{outcode}                 -> { status: 200, result: {...centroid} } | 404
// No switch: a test that needs the service down or slow asks for a reserved postcode (fixture.json "reserved"):
//   ZZ1 1AA (anything starting ZZ1)  answers 503          ZZ2 1SL  answers after 1 s     ZZ6 1SL  answers after 6 s
//   ZZ3 1AB (any ZZ3 postcode)        found once, then 503 (a page that must not look a stored quote's postcodes up again)
// Port: --port N, env POSTCODES_STANDIN_PORT, default 8790.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { listen, portFrom, sendJson } from '../lib.mjs';

const fixture = JSON.parse(readFileSync(fileURLToPath(new URL('./fixture.json', import.meta.url)), 'utf8'));
const compact = (value) => String(value).replace(/\s+/g, '').toUpperCase();
const VALID = /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/;

const byPostcode = new Map();
const byOutcode = new Map();
function add(entry) {
  const result = {
    postcode: entry.postcode,
    quality: 1,
    eastings: null,
    northings: null,
    country: entry.country,
    nhs_ha: null,
    longitude: entry.longitude,
    latitude: entry.latitude,
    european_electoral_region: entry.region ?? entry.country,
    primary_care_trust: null,
    region: entry.region,
    lsoa: null,
    msoa: null,
    incode: entry.incode,
    outcode: entry.outcode,
    parliamentary_constituency: null,
    admin_district: entry.admin_district,
    parish: null,
    admin_county: null,
    admin_ward: null,
    ccg: null,
    nuts: null,
    codes: {},
  };
  byPostcode.set(compact(entry.postcode), result);
  const list = byOutcode.get(entry.outcode) ?? [];
  list.push(result);
  byOutcode.set(entry.outcode, list);
}
for (const entry of fixture.postcodes) add(entry);

/** Outward code -> how every request under it is answered: { status } or { delayMs }. */
const reserved = new Map();
for (const [name, rule] of Object.entries(fixture.reserved)) {
  if (name.startsWith('_')) continue;
  const [outcode, incode] = rule.postcode.split(' ');
  reserved.set(outcode, rule);
  if (rule.like && rule.answers === undefined)
    add({ ...fixture.postcodes.find((p) => p.postcode === rule.like), postcode: rule.postcode, outcode, incode });
}
const reservedRule = (asked) => [...reserved].find(([outcode]) => asked.startsWith(outcode))?.[1];

function outcodeResult(outcode) {
  const list = byOutcode.get(outcode);
  if (!list) return null;
  const mean = (key) => list.reduce((sum, r) => sum + r[key], 0) / list.length;
  return {
    outcode,
    longitude: mean('longitude'),
    latitude: mean('latitude'),
    northings: null,
    eastings: null,
    admin_district: [...new Set(list.map((r) => r.admin_district))],
    parish: [],
    admin_county: [],
    admin_ward: [],
    country: [...new Set(list.map((r) => r.country))],
    region: [...new Set(list.map((r) => r.region).filter(Boolean))],
  };
}

/** A postcode under a rule with `answers`: found that many times (like its `like`), then 503. */
function answerCounted(rule, asked, counts, res) {
  const seen = (counts.get(asked) ?? 0) + 1;
  counts.set(asked, seen);
  const like = byPostcode.get(compact(rule.like));
  if (seen > rule.answers || !VALID.test(asked) || !like) {
    return sendJson(res, 503, { status: 503, error: 'Service unavailable (a reserved postcode, already looked up)' });
  }
  const [outcode, incode] = [asked.slice(0, -3), asked.slice(-3)];
  return sendJson(res, 200, { status: 200, result: { ...like, postcode: `${outcode} ${incode}`, outcode, incode } });
}

export function createPostcodesStandIn() {
  /** Look-ups so far of each postcode under a rule with `answers`. */
  const counts = new Map();
  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    try {
      if (parts[0] === '__control') {
        return sendJson(res, 410, { status: 410, error: 'No switch any more: ask for a reserved postcode (fixture.json "reserved").' });
      }
      if (req.method !== 'GET') return sendJson(res, 405, { status: 405, error: 'Method not allowed' });
      const rule = parts[1] ? reservedRule(compact(parts[1])) : undefined;
      if (rule?.status) return sendJson(res, rule.status, { status: rule.status, error: 'Service unavailable (a reserved postcode)' });
      if (rule?.delayMs) await new Promise((resolve) => setTimeout(resolve, rule.delayMs));
      if (rule?.answers !== undefined) {
        if (parts[0] !== 'postcodes' || parts.length !== 2) return sendJson(res, 503, { status: 503, error: 'Service unavailable' });
        return answerCounted(rule, compact(parts[1]), counts, res);
      }

      if (parts[0] === 'postcodes' && parts.length === 3 && parts[2] === 'autocomplete') {
        const prefix = compact(parts[1]);
        const matches = [...byPostcode.keys()]
          .filter((key) => key.startsWith(prefix))
          .sort()
          .slice(0, 10);
        return sendJson(res, 200, { status: 200, result: matches.length ? matches.map((key) => byPostcode.get(key).postcode) : null });
      }
      if (parts[0] === 'postcodes' && parts.length === 2) {
        const key = compact(parts[1]);
        if (!VALID.test(key)) return sendJson(res, 404, { status: 404, error: 'Invalid postcode' });
        const result = byPostcode.get(key);
        return result ? sendJson(res, 200, { status: 200, result }) : sendJson(res, 404, { status: 404, error: 'Postcode not found' });
      }
      if (parts[0] === 'outcodes' && parts.length === 2) {
        const result = outcodeResult(compact(parts[1]));
        return result ? sendJson(res, 200, { status: 200, result }) : sendJson(res, 404, { status: 404, error: 'Outcode not found' });
      }
      return sendJson(res, 404, { status: 404, error: 'Resource not found' });
    } catch (error) {
      return sendJson(res, 400, { status: 400, error: String(error?.message ?? error) });
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = portFrom(process.argv, 'POSTCODES_STANDIN_PORT', 8790);
  const server = await listen(createPostcodesStandIn(), port, `Postcode stand-in (${byPostcode.size} postcodes)`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
}
