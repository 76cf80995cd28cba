/**
 * Issue 31, pictures: a real build of a copy (tests/build/shared-build.ts) with two portrait pictures marked at the
 * top (one article keeps the top in view with `imageFocus: top`, one leaves the default centre) and the construct
 * fixture, whose body has a picture.
 * The share image is read pixel by pixel; the body picture is published through astro:assets in several widths,
 * loaded lazily, with its description.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../scripts/lib/project-copy.mjs';
import { site } from '~/site.config';
import { PORTRAIT, sharedBuild } from './shared-build';

let copy: string;
let build: RunResult;
const page = (id: string) => readFileSync(join(copy, 'dist/client/articles', `${id}.html`), 'utf8');

beforeAll(async () => ({ copy, build } = await sharedBuild()));

/** The share image of an article page, as its Open Graph tag names it. */
async function shareImage(id: string) {
  const url = /<meta property="og:image" content="([^"]+)"/.exec(page(id))?.[1] ?? '';
  const file = join(copy, 'dist/client', new URL(url).pathname);
  return sharp(file).raw().toBuffer({ resolveWithObject: true });
}

function redRows(image: { data: Buffer; info: OutputInfo }): number {
  const { width, height, channels } = image.info;
  let rows = 0;
  for (let y = 0; y < height; y++) {
    const i = (y * width + Math.floor(width / 2)) * channels;
    if (image.data[i]! > 150 && image.data[i + 2]! < 100) rows++;
  }
  return rows;
}

describe('the share image', () => {
  it('builds', () => expect(build.status, build.output.slice(-3000)).toBe(0));

  it("keeps the picture's top in view when the article asks for it", async () => {
    const image = await shareImage('focus-top');
    expect([image.info.width, image.info.height]).toEqual([site.social.shareImageWidth, site.social.shareImageHeight]);
    // Scaled 1200 → 1200 wide, the first 630 rows of the picture: the 500 marked ones, then blue.
    expect(Math.abs(redRows(image) - PORTRAIT.marked)).toBeLessThanOrEqual(4);
  });

  it('is cut from the centre otherwise, losing the top', async () => {
    expect(redRows(await shareImage('focus-default'))).toBe(0);
  });

  it('is the one the feed names', async () => {
    const url = /<meta property="og:image" content="([^"]+)"/.exec(page('focus-top'))?.[1];
    expect(readFileSync(join(copy, 'dist/client/rss.xml'), 'utf8')).toContain(`<media:content url="${url}"`);
  });

  it('and the cards and the hero keep the same edge in view', () => {
    const css =
      page('focus-top')
        .match(/<style[^>]*>[\s\S]*?<\/style>/g)
        ?.join('') ?? '';
    const hero = /<img[^>]*fetchpriority="high"[^>]*>/.exec(page('focus-top'))?.[0] ?? '';
    const classes = /class="([^"]+)"/.exec(hero)?.[1]?.split(' ') ?? [];
    const rules = classes.map((name) => new RegExp(`\\.${name.replace(/[^\w-]/g, '\\$&')}\\{[^}]*\\}`).exec(css)?.[0] ?? '');
    expect(
      rules.some((rule) => /object-position:\s*top/.test(rule)),
      rules.join(' '),
    ).toBe(true);
  });
});

describe('a picture in the body', () => {
  const img = () =>
    /<picture>(?:(?!<\/picture>)[\s\S])*<\/picture>/g.exec(page('every-construct').split('data-article-body')[1] ?? '')?.[0] ?? '';

  it('is published in several widths, none wider than the reader needs', () => {
    const source = /<source[^>]*>/.exec(img())?.[0] ?? '';
    expect(source).toContain('type="image/avif"');
    const srcset = /srcset="([^"]+)"/.exec(source)?.[1] ?? '';
    const widths = [...srcset.matchAll(/ (\d+)w/g)].map((m) => Number(m[1]));
    expect(widths).toEqual([400, 800, 1200]);
  });

  it('loads lazily, with its description as alt text', () => {
    const tag = /<img[^>]*>/.exec(img())?.[0] ?? '';
    expect(tag).toContain('loading="lazy"');
    expect(tag).toContain('alt="A removal van parked outside a terraced house"');
    expect(tag).toMatch(/srcset="[^"]+ 400w/);
  });
});

describe('the construct fixture', () => {
  it('renders its footnotes, table and tags', () => {
    const html = page('every-construct');
    expect(html).toContain('<table>');
    expect(html).toContain('<abbr title="HM Revenue and Customs">HMRC</abbr>');
    expect(html).toMatch(/<sup><a[^>]*href="#[^"]*fn[^"]*1"/);
    expect(html).not.toContain('A note for other editors');
  });
});
