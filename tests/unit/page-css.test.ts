import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rehashCsp } from '../../src/build/csp-meta.mjs';
import { pruneKey } from '../../src/build/css-prune.mjs';
import { dropUnusedProperties, pruneCss, scopeCss, scriptTokens } from '../../src/build/css-prune.mjs';
import { prunePages } from '../../src/build/page-css-integration.mjs';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('scriptTokens: the classes and attributes a script can add', () => {
  it('keeps Tailwind classes whole and finds attribute names and dataset keys', () => {
    const tokens = scriptTokens('e.className=`sm:p-4 w-[calc(100%-2rem)] bg-slate-950/60`;e.hidden=!1;e.dataset.cookieBanner=``');
    expect(tokens).toEqual(expect.arrayContaining(['sm:p-4', 'w-[calc(100%-2rem)]', 'bg-slate-950/60', 'hidden', 'data-cookie-banner']));
  });
});

describe('pruneCss', () => {
  const css =
    '.used{color:red}.unused{color:blue}.sm\\:p-4{padding:1rem}[hidden]{display:none}.aria-invalid\\:border-danger[aria-invalid=true]{border-color:red}@property --tw-used{syntax:"*";inherits:false}@property --tw-gone{syntax:"*";inherits:false}.uses{box-shadow:var(--tw-used)}';

  it('keeps what the markup uses and drops the rest', async () => {
    const out = await pruneCss(css, { html: '<p class="used uses"></p>', scripts: [] });
    expect(out).toContain('.used{');
    expect(out).not.toContain('.unused');
    expect(out).not.toContain('sm\\:p-4');
    expect(out).toContain('@property --tw-used');
    expect(out).not.toContain('--tw-gone');
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

describe('form-control pseudo-elements of the reset', () => {
  const css = '::placeholder{opacity:1}@supports (x:y){::placeholder{color:red}}::-webkit-datetime-edit{padding:0}button{font:inherit}';

  it('go from a page with no form control and no script that makes one', async () => {
    const out = await pruneCss(css, { html: '<button></button>', scripts: ['document.createElement(`div`)'] });
    expect(out).toContain('button{');
    expect(out).not.toContain('placeholder');
    expect(out).not.toContain('@supports');
    expect(out).not.toContain('datetime');
  });

  it('stay where the markup or a script has one', async () => {
    expect(await pruneCss(css, { html: '<input name="q">', scripts: [] })).toContain('::placeholder');
    expect(await pruneCss(css, { html: '<p></p>', scripts: ['jsx(`input`,{})'] })).toContain('::-webkit-datetime-edit');
  });
});

describe('dropUnusedProperties', () => {
  it('drops @property registrations nothing mentions', () => {
    const out = dropUnusedProperties('@property --a{syntax:"*"}@property --b{syntax:"*"}.x{box-shadow:var(--a)}');
    expect(out).toContain('@property --a');
    expect(out).not.toContain('@property --b');
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
  it("lists exactly the page's own inline scripts and styles, keeping every other directive", () => {
    const page =
      `<head><meta http-equiv="content-security-policy" content="default-src 'self';img-src 'self' data:; script-src 'self' 'sha256-stale=' ${hash('go()')}; style-src 'self' 'sha256-old=' ${hash('.a{}')};">` +
      `<style>.a{}</style><script type="application/ld+json">{}</script></head><body><script type="module">go()</script><script src="/x.js"></script></body>`;
    const out = rehashCsp(page);
    const policy = /content="([^"]*)"/.exec(out)![1]!;
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("img-src 'self' data:");
    expect(policy).toContain(`script-src 'self' ${hash('go()')}`);
    expect(policy).toContain(`style-src 'self' ${hash('.a{}')}`);
    expect(policy).not.toContain('stale');
    expect(policy).not.toContain(hash('{}'));
  });

  it("never lists a script or style that Astro's own policy did not: content cannot add itself to the CSP (issue 17)", () => {
    // An article's raw <script> and <style> reach the page as markup; Astro never hashed them.
    const page =
      `<head><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' ${hash('site()')}; style-src 'self' ${hash('.site{}')};">` +
      `<style>.site{}</style></head><body><script>site()</script><article><script>alert(1)</script><style>body{display:none}</style></article></body>`;
    const policy = /content="([^"]*)"/.exec(rehashCsp(page))![1]!;
    expect(policy).toContain(hash('site()'));
    expect(policy).toContain(hash('.site{}'));
    expect(policy).not.toContain(hash('alert(1)'));
    expect(policy).not.toContain(hash('body{display:none}'));
  });
});

describe('prunePages over a built site', () => {
  it('prunes each page to what it and its scripts use, and gives an island a scoped sheet of its own', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'page-css-'));
    mkdirSync(join(dist, '_astro'));
    const siteCss = '.page{color:red}.lazy{color:green}.in-dialog{color:blue}.toast{color:black}.nowhere{color:grey}';
    const csp = `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self'; style-src 'self' ${hash(siteCss)};">`;
    const page = (body: string) => `<html><head>${csp}<style>${siteCss}</style></head><body>${body}</body></html>`;
    writeFileSync(
      join(dist, 'a.html'),
      page('<p class="page"></p><div data-island="dialog"></div><script type="module">import(`/_astro/lazy.js`)</script>'),
    );
    writeFileSync(join(dist, 'b.html'), page('<div data-island="dialog"></div>'));
    writeFileSync(join(dist, '_astro/lazy.js'), 'export const c=`lazy`;import(`./island.js`)');
    writeFileSync(join(dist, '_astro/island.js'), 'import"./toast.js";export const c=`in-dialog`');
    writeFileSync(join(dist, '_astro/toast.js'), 'export const c=`toast`');
    const chunks = new Map([
      ['_astro/lazy.js', { facade: '/src/lazy.ts', modules: ['/src/lazy.ts'] }],
      ['_astro/island.js', { facade: '/src/island.tsx', modules: ['/src/island.tsx'] }],
      ['_astro/toast.js', { facade: '/src/toast.ts', modules: ['/src/toast.ts'] }],
    ]);

    await prunePages({ dist, chunks, islands: { dialog: '/src/island.tsx' }, everyPage: ['/src/toast.ts'] });

    const a = readFileSync(join(dist, 'a.html'), 'utf8');
    const b = readFileSync(join(dist, 'b.html'), 'utf8');
    // Its markup, the script it loads later, and the module every page may run; never the island's own classes.
    expect(a).toMatch(/<style>.*\.page\{.*\.lazy\{.*\.toast\{.*<\/style>/);
    expect(a).not.toContain('.in-dialog{');
    expect(a).not.toContain('.nowhere');
    expect(b).not.toContain('.page{');
    expect(b).toContain('.toast{');
    // The island's sheet: its classes, scoped to its host, linked from the host.
    const sheet = readdirSync(join(dist, '_astro')).find((file) => file.startsWith('island-dialog.'))!;
    expect(readFileSync(join(dist, '_astro', sheet), 'utf8')).toContain('[data-island="dialog"] .in-dialog{');
    expect(a).toContain(`<div data-island="dialog" data-css="/_astro/${sheet}">`);
    // The policy hashes the new style.
    const style = /<style>(.*?)<\/style>/.exec(a)![1]!;
    expect(a).toContain(`style-src 'self' ${hash(style)}`);
  });

  it("leaves a style Astro did not hash (content's own) unpruned and out of the policy", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'page-css-'));
    mkdirSync(join(dist, '_astro'));
    const siteCss = '.page{color:red}.nowhere{color:grey}';
    const foreign = 'body{display:none}';
    const csp = `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self'; style-src 'self' ${hash(siteCss)};">`;
    writeFileSync(
      join(dist, 'a.html'),
      `<html><head>${csp}<style>${siteCss}</style></head><body><p class="page"></p><style>${foreign}</style></body></html>`,
    );
    await prunePages({ dist, chunks: new Map(), islands: {}, everyPage: [] });
    const a = readFileSync(join(dist, 'a.html'), 'utf8');
    expect(a).toContain('<style>.page{color:red}</style>');
    expect(a).toContain(`style-src 'self' ${hash('.page{color:red}')}`);
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

  it('differs when the markup has another class, an id or attribute value a selector names, a form control, or other scripts', () => {
    const base = key(page('a', 'x'));
    expect(key(page('a', 'x', '<p class="lead">'))).not.toBe(base);
    expect(key(page('a', 'x', '<a aria-current="page">'))).not.toBe(base);
    expect(key(page('a', 'x', '<div data-state="open">'))).not.toBe(base);
    expect(key(page('a', 'x').replace('id="main"', 'id="other"'))).not.toBe(base);
    expect(key(page('a', 'x', '<input>'))).not.toBe(base);
    expect(key(page('a', 'x'), ['el.classList.add(`lead`)'])).not.toBe(base);
  });

  it('counts every attribute value when the CSS matches values by prefix or substring', () => {
    const loose = '.card{color:red}[href^="https"]{color:green}';
    expect(pruneKey(loose, { html: page('a', 'x'), scripts: [] })).not.toBe(pruneKey(loose, { html: page('b', 'y'), scripts: [] }));
  });
});
