import type { Context } from 'hono';
import type { AppBindings } from '../env';
import { jsonError } from '../lib/http';

/** Echoes HEALTH_TOKEN so scripts/lib/start-site.mjs can tell its own server from another program's. */
const HEALTH_TOKEN_HEADER = 'X-Health-Token';

/** GET /api/health: proves the Worker runs and reaches D1 with its migrations applied. */
export async function health(c: Context<AppBindings>): Promise<Response> {
  if (c.env.HEALTH_TOKEN) c.header(HEALTH_TOKEN_HEADER, c.env.HEALTH_TOKEN);
  try {
    const row = await c.env.DB.prepare("SELECT value FROM app_meta WHERE key = 'schema_version'").first<{ value: string }>();
    if (!row) return jsonError(c, 503, 'database_not_migrated', 'The database has no schema yet. Apply the migrations.');
    return c.json({ ok: true });
  } catch (error) {
    console.error('health check failed', error);
    return jsonError(c, 503, 'database_unavailable', 'The database could not be reached.');
  }
}
