// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import { satteri } from '@astrojs/markdown-satteri';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { loadEnv } from 'vite';
import { articleMarkup } from './src/markdown/article-markup.ts';
import { browserTargets } from './src/build/browser-targets.mjs';
import { lazyUrl } from './src/build/lazy-url-plugin.mjs';
import { ownCopy } from './src/build/own-copy-plugin.mjs';
import { pageCss } from './src/build/page-css-integration.mjs';

const env = loadEnv(process.env.NODE_ENV ?? 'production', process.cwd(), '');
const site = env.SITE_URL || 'https://shiftly.example';
const postcodesApi = env.PUBLIC_POSTCODES_API_URL || 'https://api.postcodes.io';

/** Pages that must never be indexed: kept out of the sitemap as well as marked noindex. */
const unlisted = ['/quote-confirmation', '/login', '/account', '/404'];

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  // Inline CSS: one round trip to first paint on slow connections (the stylesheet is small).
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [
    react(),
    // Articles: the spec's body markup (headings, lead-in lists, callouts) on top of plain Markdown.
    mdx({ processor: satteri({ hastPlugins: [articleMarkup] }) }),
    sitemap({
      filter: (page) => !unlisted.some((path) => new URL(page).pathname.replace(/\/$/, '') === path),
    }),
    // After the build: each page keeps only the CSS its markup and scripts can match; the on-demand islands get
    // sheets of their own; each page's CSP is rehashed (src/build/page-css-integration.mjs).
    pageCss({
      islands: {
        'cookie-consent': 'src/islands/cookie-consent/mountCookieConsent.tsx',
        'callback-dialog': 'src/islands/callback-dialog/mountCallbackDialog.tsx',
      },
      everyPage: ['src/scripts/notify.ts'],
    }),
  ],
  vite: {
    // Every script and stylesheet built for package.json's `browserslist` (src/build/browser-targets.mjs).
    plugins: [tailwindcss(), lazyUrl(), ownCopy(), browserTargets()],
  },
  security: {
    // No `upgrade-insecure-requests` in this prebuilt meta: served over plain http (127.0.0.1) WebKit would upgrade
    // every script to https and no island would run. The Worker adds it to pages served over https.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        `connect-src 'self' ${new URL(postcodesApi).origin}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
});
