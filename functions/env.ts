/** Bindings and settings the Worker receives (wrangler.jsonc, .dev.vars, or secrets in production). */
export interface Env {
  ASSETS: Fetcher;
  DB: D1Database;
  SITE_URL?: string;
}

export type AppBindings = { Bindings: Env };
