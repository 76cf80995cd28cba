// Where `astro build` puts the site with the Cloudflare adapter: the files the asset server answers, and the Worker.
export const BUILT_PAGES = 'dist/client';
export const BUILT_WORKER_CONFIG = 'dist/server/wrangler.json';
