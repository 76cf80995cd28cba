// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import cloudflare from '@astrojs/cloudflare';
import mdx from '@astrojs/mdx';
import { satteri } from '@astrojs/markdown-satteri';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { loadEnv } from 'vite';
import { createHash } from 'node:crypto';
import { articleMarkup } from './src/markdown/article-markup.ts';
import { MARK_PENDING } from './src/components/quote/mark-pending.ts';
import { isUnlisted } from './src/lib/unlisted.ts';
import { browserTargets } from './src/build/browser-targets.ts';
import { articleChecks, articleLastModified } from './src/content/checks/integration.ts';
import { importMarks } from './src/build/import-marks.ts';
import { quoteChunk } from './src/build/quote-chunk.ts';
import { calendarUnusedParts } from './src/build/calendar-unused-parts.ts';
import { pageCss } from './src/build/page-css-integration.ts';
import { browserEditor } from './src/editor/build/editor-integration.mjs';
import { STRIPE_CHECKOUT } from './scripts/lib/stand-ins.mjs';

const env = loadEnv(process.env.NODE_ENV ?? 'production', process.cwd(), '');
const site = env.SITE_URL || 'https://shiftly.example';
const postcodesApi = env.PUBLIC_POSTCODES_API_URL || 'https://api.postcodes.io';
// The "Pay" forms' answer is a redirect to Stripe Checkout, which form-action must allow; locally the Stripe stand-in
// (scripts/serve.mjs and dev.mjs pass its address).
const checkoutOrigin = new URL(env.STRIPE_CHECKOUT_URL || STRIPE_CHECKOUT).origin;

/** Each article's last change (updatedAt, else publishedAt), for the sitemap's lastmod. */
const articleDates = articleLastModified(process.cwd());

export default defineConfig({
  site,
  // A component's scoped styles match a class rather than a data attribute: the class gets a short name after the
  // build like every other (src/build/short-classes.ts).
  scopedStyleStrategy: 'class',
  output: 'static',
  adapter: cloudflare({ prerenderEnvironment: 'node', imageService: 'compile' }),
  session: false,
  trailingSlash: 'never',
  // Inline CSS: one round trip to first paint on slow connections (the stylesheet is small).
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [
    // Articles that would hurt readers stop the build, each problem with its file and line (src/content/checks).
    articleChecks(),
    react(),
    // Articles: the spec's body markup (headings, lead-in lists, callouts) on top of plain Markdown.
    mdx({ processor: satteri({ hastPlugins: [articleMarkup] }) }),
    sitemap({
      // Pages marked noindex (src/lib/unlisted.ts) are not in it either.
      filter: (page) => !isUnlisted(new URL(page).pathname.replace(/\/$/, '')),
      serialize: (item) => {
        const lastmod = articleDates.get(new URL(item.url).pathname.replace(/\/$/, ''));
        return lastmod ? { ...item, lastmod } : item;
      },
    }),
    // After the build: each page keeps only the CSS its markup and scripts can match; the on-demand islands get
    // sheets of their own; each page's CSP is rehashed (src/build/page-css-integration.ts).
    pageCss({
      islands: {
        'cookie-banner': 'src/scripts/cookie-banner.ts',
        'cookie-consent': 'src/islands/cookie-consent/mountCookieConsent.tsx',
        'callback-dialog': 'src/islands/callback-dialog/mountCallbackDialog.tsx',
        notify: 'src/scripts/notify.ts',
      },
    }),
    // The article editor: /keystatic in `astro dev`; in a build only with PUBLIC_KEYSTATIC_GITHUB_REPO (GitHub mode).
    browserEditor({
      githubRepo: env.PUBLIC_KEYSTATIC_GITHUB_REPO,
      appSlug: env.PUBLIC_KEYSTATIC_GITHUB_APP_SLUG,
      previewHost: env.PREVIEW_HOST,
    }),
  ],
  vite: {
    // Every script and stylesheet built for package.json's `browserslist` (src/build/browser-targets.ts).
    plugins: [
      // The adapter gives every output chunk a `process` shim for workerd; browsers need none of it (50 bytes a file).
      {
        name: 'shiftly:no-process-shim-in-browsers',
        configEnvironment: (name) => (name === 'client' ? { build: { rolldownOptions: { output: { banner: '' } } } } : undefined),
      },
      tailwindcss(),
      importMarks(),
      browserTargets(),
      quoteChunk(),
      calendarUnusedParts(),
    ],
    build: {
      rolldownOptions: {
        // Astro's content layer wraps every MDX entry in a module starting with its own "use astro:head-inject"
        // directive, and Rolldown warns once per article that it cannot keep it (withastro/astro#18087, open; the
        // directive is Astro's marker, not ours, and the build is right without it). Only that warning is dropped.
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use astro:head-inject"')) return;
          warn(warning);
        },
      },
    },
    // `astro dev` runs the pages in workerd, whose dependency optimizer finds the image service only once a page asks
    // for it, then reloads; a first start (no .vite cache, as in a fresh clone) died in that reload.
    environments: { ssr: { optimizeDeps: { include: ['astro/assets/services/sharp'] } } },
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
        `form-action 'self' ${checkoutOrigin}`,
      ],
      // Our one inline script (the quote page's, before first paint); Astro hashes the scripts it bundles itself.
      scriptDirective: { hashes: [`sha256-${createHash('sha256').update(MARK_PENDING).digest('base64')}`] },
    },
  },
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
});
