import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rehashCsp } from '~/build/csp-meta.ts';
import { pruneCss, pruneKey, scopeCss, scriptTokens, unregisterProperties } from '~/build/css-prune.ts';
import { shortenClasses } from '~/build/short-classes.ts';
import { prunePages } from '~/build/page-css-integration.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('scriptTokens: the classes and attributes a script can add', () => {
  it('keeps Tailwind classes whole and finds attribute names and dataset keys', () => {
    const tokens = scriptTokens('e.className=`sm:p-4 w-[calc(100%-2rem)] bg-slate-950/60`;e.hidden=!1;e.dataset.cookieBanner=``');
    expect(tokens.classes).toEqual(expect.arrayContaining(['sm:p-4', 'w-[calc(100%-2rem)]', 'bg-slate-950/60']));
    expect(tokens.attributes.names).toEqual(expect.arrayContaining(['hidden', 'data-cookie-banner']));
  });

  it('never takes a word that is only an identifier for a class', () => {
    const tokens = scriptTokens('let n=e.filter(t=>t.block);n.hidden=!0;e.className=`grid`');
    expect(tokens.classes).toContain('grid');
    expect(tokens.classes).not.toContain('filter');
    expect(tokens.classes).not.toContain('block');
    expect(tokens.attributes.names).toContain('hidden');
  });
});

describe('shortenClasses', () => {
  const page = (css: string, body: string) => `<html><head><style>${css}</style></head><body>${body}</body></html>`;

  it('renames the classes of the markup and the CSS alike, the most used shortest, and drops classes nothing styles', () => {
    const css =
      '.btn-primary{color:red}.mt-4{margin-top:1rem}@media (width>=40rem){.sm\\:p-4{padding:1rem}}:where(.group):is([open]) .group-open\\:rotate-180{rotate:180deg}';
    const out = shortenClasses(
      page(
        css,
        '<a class="btn-primary mt-4 unstyled"></a><b class="mt-4 sm:p-4"></b><i class="mt-4"></i><details class="group"><svg class="group-open:rotate-180"></svg></details><p class="unstyled"></p>',
      ),
      new Set(),
    );
    // Equal use: alphabetical (btn-primary, group, group-open:rotate-180, sm:p-4 → b, c, d, e).
    expect(out).toContain('<a class="b a"></a><b class="a e"></b><i class="a"></i><details class="c"><svg class="d"></svg></details>');
    expect(out).toContain('<p></p>');
    expect(out).toContain('.b{color:red}.a{margin-top:1rem}@media (width>=40rem){.e{padding:1rem}}:where(.c):is([open]) .d{rotate:180deg}');
  });

  it('keeps the names scripts use, never gives another class one of them, and reads entities in class names', () => {
    const css = '.a{color:red}.hidden{display:none}.\\[\\&_p\\]\\:mt-2 p{margin-top:.5rem}';
    const out = shortenClasses(page(css, '<div class="hidden [&amp;_p]:mt-2"></div><span class="a"></span>'), new Set(['hidden', 'a']));
    expect(out).toContain('<div class="hidden b"></div><span class="a"></span>');
    expect(out).toContain('.a{color:red}.hidden{display:none}.b p{margin-top:.5rem}');
  });

  it('reads every start tag whole: a > in another attribute, single quotes, line breaks', () => {
    const out = shortenClasses(
      page('.x{color:red}.y{color:blue}', `<a title="1 > 0" class="x"></a><b class='y x'></b><i\n  data-a="b"\n  class="x"></i>`),
      new Set(),
    );
    expect(out).toContain(`<a title="1 > 0" class="a"></a><b class="b a"></b><i\n  data-a="b" class="a"></i>`);
  });

  it('renames a textarea’s own class, and leaves what it holds as typed', () => {
    const out = shortenClasses(page('.x{color:red}', '<textarea class="x">class="x"</textarea><p class="x"></p>'), new Set());
    expect(out).toContain('<textarea class="a">class="x"</textarea><p class="a"></p>');
  });

  it('leaves scripts and their strings alone', () => {
    const out = shortenClasses(page('.x{color:red}', '<p class="x"></p><script>el.innerHTML=`<p class="x">`</script>'), new Set());
    expect(out).toContain('<p class="a"></p><script>el.innerHTML=`<p class="x">`</script>');
  });
});

describe('unregisterProperties', () => {
  it("drops Tailwind's registrations and applies its every-element fallback everywhere", () => {
    const css =
      '@layer properties{@supports ((-webkit-hyphens:none)){*,:before{--tw-shadow:0 0 #0000;--tw-leading:initial}}}' +
      '.x{box-shadow:var(--tw-shadow)}@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-leading{syntax:"*";inherits:false}';
    const out = unregisterProperties(css);
    expect(out).not.toContain('@property');
    expect(out).not.toContain('@supports');
    expect(out).toContain('@layer properties{*,:before{--tw-shadow:0 0 #0000;--tw-leading:initial}}');
    expect(out).toContain('.x{box-shadow:var(--tw-shadow)}');
  });

  it('stops the build when Tailwind registers properties without its fallback layer (a different Tailwind)', () => {
    expect(() => unregisterProperties('@property --tw-shadow{syntax:"*";inherits:false}.x{box-shadow:var(--tw-shadow)}')).toThrow(
      /registers custom properties but has no @layer properties fallback/,
    );
    expect(unregisterProperties('.x{color:red}')).toBe('.x{color:red}');
  });
});

describe('pruneCss', () => {
  const css =
    '.used{color:red}.unused{color:blue}.sm\\:p-4{padding:1rem}[hidden]{display:none}.aria-invalid\\:border-danger[aria-invalid=true]{border-color:red}';

  it('keeps what the markup uses and drops the rest', async () => {
    const out = await pruneCss(css, { html: '<p class="used"></p>', scripts: [] });
    expect(out).toContain('.used{');
    expect(out).not.toContain('.unused');
    expect(out).not.toContain('sm\\:p-4');
  });

  it('keeps the classes and attributes a script names, and ARIA states set at run time', async () => {
    const out = await pruneCss(css, {
      html: '<p></p>',
      scripts: ['el.className=`sm:p-4 aria-invalid:border-danger`;el.hidden=!0'],
    });
    expect(out).toContain('.sm\\:p-4');
    expect(out).toContain('[hidden]');
    expect(out).toContain('[aria-invalid=true]');
  });
});

describe('scopeCss', () => {
  it('scopes rules to the host and leaves the root variables global', async () => {
    const out = await scopeCss(':root,:host{--x:1}.btn{color:red}@media (width>=40rem){.sm\\:p-4{padding:1rem}}', '[data-island="x"]');
    expect(out).toContain(':root,:host{--x:1}');
    expect(out).toContain('[data-island="x"] .btn{');
    expect(out).toContain('[data-island="x"] .sm\\:p-4{');
  });
});

describe('rehashCsp', () => {
  it('refuses a page without the policy meta instead of returning it unprotected', async () => {
    await expect(rehashCsp('<html><head><style>.a{}</style></head></html>')).rejects.toThrow(
      /has no <meta http-equiv="content-security-policy"/,
    );
  });

  it("lists exactly the page's own inline scripts and styles, keeping every other directive", async () => {
    const page =
      `<head><meta http-equiv="content-security-policy" content="default-src 'self';img-src 'self' data:; script-src 'self' 'sha256-stale=' ${hash('go()')}; style-src 'self' 'sha256-old=' ${hash('.a{}')};">` +
      `<style>.a{}</style><script type="application/ld+json">{}</script></head><body><script type="module">go()</script><script src="/x.js"></script></body>`;
    const out = await rehashCsp(page);
    const policy = /content="([^"]*)"/.exec(out)![1]!;
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("img-src 'self' data:");
    expect(policy).toContain(`script-src 'self' ${hash('go()')}`);
    expect(policy).toContain(`style-src 'self' ${hash('.a{}')}`);
    expect(policy).not.toContain('stale');
    expect(policy).not.toContain(hash('{}'));
  });

  it("never lists a script or style that Astro's own policy did not: content cannot add itself to the CSP (issue 17)", async () => {
    // An article's raw <script> and <style> reach the page as markup; Astro never hashed them.
    const page =
      `<head><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' ${hash('site()')}; style-src 'self' ${hash('.site{}')};">` +
      `<style>.site{}</style></head><body><script>site()</script><article><script>alert(1)</script><style>body{display:none}</style></article></body>`;
    const policy = /content="([^"]*)"/.exec(await rehashCsp(page))![1]!;
    expect(policy).toContain(hash('site()'));
    expect(policy).toContain(hash('.site{}'));
    expect(policy).not.toContain(hash('alert(1)'));
    expect(policy).not.toContain(hash('body{display:none}'));
  });
});

describe('prunePages over a built site', () => {
  /** A built site: page a runs a script that loads the dialog island and the notifications; b has only the hosts. */
  function site(chunks: Array<[string, { facade: string | null; modules: string[] }]>) {
    const dist = mkdtempSync(join(tmpdir(), 'page-css-'));
    mkdirSync(join(dist, '_astro'));
    const siteCss =
      '/*! tailwindcss v4.3.5 */.page{color:red}.lazy{color:green}.in-dialog{color:blue}.toast{color:black}.nowhere{color:grey}';
    const csp = `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self'; style-src 'self' ${hash(siteCss)};">`;
    const page = (body: string) => `<html><head>${csp}<style>${siteCss}</style></head><body>${body}</body></html>`;
    const hosts = '<div data-island="dialog"></div><div data-island="toast" class="page"></div>';
    writeFileSync(join(dist, 'a.html'), page(`<p class="page"></p>${hosts}<script type="module">import(\`/_astro/lazy.js\`)</script>`));
    writeFileSync(join(dist, 'b.html'), page(hosts));
    // The notifications' code is in a chunk others import too; their entry only re-exports it.
    writeFileSync(join(dist, '_astro/lazy.js'), 'import"./toast-code.js";export const c=`lazy`;import(`./island.js`)');
    writeFileSync(join(dist, '_astro/island.js'), 'import"./toast-code.js";export const c=`in-dialog`');
    writeFileSync(join(dist, '_astro/toast.js'), 'export{t}from"./toast-code.js"');
    writeFileSync(join(dist, '_astro/toast-code.js'), 'export const t=`toast`');
    return { dist, chunks: new Map(chunks) };
  }
  const CHUNKS: Array<[string, { facade: string | null; modules: string[] }]> = [
    ['_astro/lazy.js', { facade: '/src/lazy.ts', modules: ['/src/lazy.ts'] }],
    ['_astro/island.js', { facade: '/src/island.tsx', modules: ['/src/island.tsx'] }],
    ['_astro/toast.js', { facade: '/src/scripts/toast.ts', modules: [] }],
    ['_astro/toast-code.js', { facade: null, modules: ['/src/scripts/toast.ts', '/src/scripts/key.ts'] }],
  ];
  const islands = { dialog: '/src/island.tsx', toast: '/src/scripts/toast.ts' };

  it('prunes each page to what it and its scripts use, and gives each island a scoped sheet of its own', async () => {
    const { dist, chunks } = site(CHUNKS);
    await prunePages({ dist, chunks, islands, shortClasses: false });

    const a = readFileSync(join(dist, 'a.html'), 'utf8');
    const b = readFileSync(join(dist, 'b.html'), 'utf8');
    // Its markup and the script it loads later; never an island's own classes, wherever that island's code is.
    expect(a).toMatch(/<style>.*\.page\{.*\.lazy\{.*<\/style>/);
    expect(a).not.toContain('.in-dialog{');
    expect(a).not.toContain('.toast{');
    expect(a).not.toContain('.nowhere');
    expect(b).not.toContain('.lazy{');
    // Each island's sheet: its classes, scoped to its host, linked from the host (not from the script's text).
    const sheet = (name: string) => readdirSync(join(dist, '_astro')).find((file) => file.startsWith(`island-${name}.`))!;
    expect(readFileSync(join(dist, '_astro', sheet('dialog')), 'utf8')).toContain('[data-island="dialog"] .in-dialog{');
    expect(readFileSync(join(dist, '_astro', sheet('toast')), 'utf8')).toContain('[data-island="toast"] .toast{');
    expect(a).toContain(`<div data-island="dialog" data-css="/_astro/${sheet('dialog')}">`);
    expect(a).toContain(`<div data-island="toast" data-css="/_astro/${sheet('toast')}" class="page">`);
    // The policy hashes the new style.
    const style = /<style>(.*?)<\/style>/.exec(a)![1]!;
    expect(a).toContain(`style-src 'self' ${hash(style)}`);
  });

  it('refuses an island whose code shares a chunk with UI of another module (its classes would leave the pages)', async () => {
    const shared: typeof CHUNKS = CHUNKS.map(([file, chunk]) =>
      file === '_astro/toast-code.js' ? [file, { ...chunk, modules: [...chunk.modules, '/src/components/Card.astro'] }] : [file, chunk],
    );
    const { dist, chunks } = site(shared);
    await expect(prunePages({ dist, chunks, islands })).rejects.toThrow(
      /toast-code\.js holds island "toast" together with \/src\/components\/Card\.astro/,
    );
  });

  it('gives the classes short names in the markup and the CSS alike, and rehashes the policy', async () => {
    const { dist, chunks } = site(CHUNKS);
    await prunePages({ dist, chunks, islands });
    const a = readFileSync(join(dist, 'a.html'), 'utf8');
    // `page` is only in the markup: renamed; `lazy` is named by a script the page runs: kept.
    expect(a).toMatch(/<style>(\/\*![^*]*\*\/)?\.a\{color:red\}\.lazy\{color:green\}<\/style>/);
    expect(a).toContain('<p class="a"></p>');
    const style = /<style>(.*?)<\/style>/.exec(a)![1]!;
    expect(a).toContain(`style-src 'self' ${hash(style)}`);
  });

  it('stops the build, naming the page, when a page has no policy meta where Astro writes it (issue 21 item 3)', async () => {
    const { dist, chunks } = site(CHUNKS);
    const b = join(dist, 'b.html');
    writeFileSync(b, readFileSync(b, 'utf8').replace(/<meta http-equiv="content-security-policy"[^>]*>/, ''));
    await expect(prunePages({ dist, chunks, islands })).rejects.toThrow(
      /^page-css: b\.html: it has no <meta http-equiv="content-security-policy" content="…"> where Astro's security\.csp writes one/,
    );
  });

  it('stops the build when no page carries the site stylesheet inline (nothing to prune, no island sheet to cut)', async () => {
    const { dist, chunks } = site(CHUNKS);
    for (const name of ['a.html', 'b.html']) {
      const file = join(dist, name);
      writeFileSync(file, readFileSync(file, 'utf8').replace(/<style>.*?<\/style>/, ''));
    }
    await expect(prunePages({ dist, chunks, islands })).rejects.toThrow(/no page has Tailwind's stylesheet inline/);
  });

  it("leaves a style Astro did not hash (content's own) unpruned and out of the policy", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'page-css-'));
    mkdirSync(join(dist, '_astro'));
    const siteCss = '/*! tailwindcss v4.3.5 */.page{color:red}.nowhere{color:grey}';
    const foreign = 'body{display:none}';
    const csp = `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self'; style-src 'self' ${hash(siteCss)};">`;
    writeFileSync(
      join(dist, 'a.html'),
      `<html><head>${csp}<style>${siteCss}</style></head><body><p class="page"></p><style>${foreign}</style></body></html>`,
    );
    await prunePages({ dist, chunks: new Map(), islands: {}, shortClasses: false });
    const a = readFileSync(join(dist, 'a.html'), 'utf8');
    const kept = '/*! tailwindcss v4.3.5 */.page{color:red}';
    expect(a).toContain(`<style>${kept}</style>`);
    expect(a).toContain(`style-src 'self' ${hash(kept)}`);
    expect(a).not.toContain(hash(foreign));
  });
});

describe('pruneKey: pages of one kind prune once (a thousand articles, one PurgeCSS run)', () => {
  const css = '.card{color:red}.lead{color:blue}#main{margin:0}[aria-current=page]{font-weight:700}[data-state="open"]{display:block}';
  const page = (heading: string, alt: string, extra = '') =>
    `<main id="main"><h2 id="${heading}">${heading}</h2><img alt="${alt}" src="/_astro/${heading}.avif"><p class="card">Text about ${heading}</p>${extra}</main>`;
  const key = (html: string, scripts: string[] = []) => pruneKey(css, { html, scripts });

  it('is the same for pages that differ only in words, image addresses and heading ids', () => {
    expect(key(page('moving-day', 'A van outside a house'))).toBe(key(page('packing-plates', 'Plates wrapped in paper')));
  });

  it('differs when the markup has another class, an id or attribute value a selector names, or other scripts', () => {
    const base = key(page('a', 'x'));
    expect(key(page('a', 'x', '<p class="lead">'))).not.toBe(base);
    expect(key(page('a', 'x', '<a aria-current="page">'))).not.toBe(base);
    expect(key(page('a', 'x', '<div data-state="open">'))).not.toBe(base);
    expect(key(page('a', 'x').replace('id="main"', 'id="other"'))).not.toBe(base);
    expect(key(page('a', 'x'), ['el.classList.add(`lead`)'])).not.toBe(base);
  });

  it('counts every attribute value when the CSS matches values by prefix or substring', () => {
    const loose = '.card{color:red}[href^="https"]{color:green}';
    expect(pruneKey(loose, { html: page('a', 'x'), scripts: [] })).not.toBe(pruneKey(loose, { html: page('b', 'y'), scripts: [] }));
  });
});
