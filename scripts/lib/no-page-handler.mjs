// Stands in for @astrojs/cloudflare/handler (it imports `cloudflare:` modules Node cannot load) where the route list is
// only read: scripts/worker-first.mjs renders no page.
export function handle() {
  throw new Error('No page is rendered while the route list is read');
}
