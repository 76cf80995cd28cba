// The on-demand islands' sheets (the cookie banner's, a notice's…) are cut from the site stylesheet after the Worker is
// built (src/build/page-css-integration.ts), which names them on every prebuilt page's island hosts (`data-css`). An
// on-demand page's hosts get the same addresses, read from a prebuilt page once per isolate.
import type { Env } from '../env';

const NAMED_HOST = /data-island="([\w-]+)" data-css="([^"]+)"/g;
const HOST = /data-island="([\w-]+)"(?! data-css)/g;

let sheets: Promise<Map<string, string>> | undefined;

function islandSheets(env: Env, requestUrl: string): Promise<Map<string, string>> {
  sheets ??= env.ASSETS.fetch(new Request(new URL('/404', requestUrl)))
    .then(async (page) => {
      if (!page.ok) throw new Error(`the prebuilt /404 page answered ${page.status}`);
      return new Map([...(await page.text()).matchAll(NAMED_HOST)].map(([, name, href]) => [name!, href!]));
    })
    .catch((error: unknown) => {
      sheets = undefined;
      throw error;
    });
  return sheets;
}

export async function withIslandSheets(env: Env, requestUrl: string, html: string): Promise<string> {
  const hrefs = await islandSheets(env, requestUrl);
  return html.replace(HOST, (host, name: string) => (hrefs.has(name) ? `${host} data-css="${hrefs.get(name)}"` : host));
}
