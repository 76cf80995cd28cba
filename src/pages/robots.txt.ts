import type { APIRoute } from 'astro';
import { site as siteConfig } from '~/site.config';

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site ?? siteConfig.defaultUrl).href;
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /quote-confirmation', '', `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
