/** Links may go to our pages by a path starting with /, an anchor (#…), https, mailto: and tel:; anything else is refused with the fix. */
import { formatArticleDate } from '../../lib/articles.ts';
import type { SiteIndex } from './site-index.ts';

export interface LinkSource {
  id: string;
  draft: boolean;
  publishedAt?: string | undefined;
  anchors: ReadonlySet<string>;
}

export interface PageAnchorLink {
  path: string;
  anchor: string;
}

export type LinkVerdict = { problem: string } | { pageAnchor: PageAnchorLink } | undefined;

// Browsers ignore tabs, newlines and leading control characters in a URL's scheme, so they are ignored here too.
// eslint-disable-next-line no-control-regex -- matching those characters is the point
const normalise = (url: string) => url.replace(/[\u0000-\u0020]/g, '');
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

export function checkLinkUrl(url: string, source: LinkSource, site: SiteIndex): LinkVerdict {
  const bare = normalise(url);
  const scheme = SCHEME.exec(bare)?.[1]?.toLowerCase();
  if (scheme === 'javascript' || scheme === 'vbscript' || scheme === 'data')
    return {
      problem: `the link "${url}" starts with ${scheme}:, which runs code when a reader clicks it. Link to a page address instead.`,
    };
  if (scheme === 'http')
    return {
      problem: `the link "${url}" uses http://, which is not secure. Use ${url.replace(/^\s*http:/i, 'https:')} instead (open it first to check the site works over https).`,
    };
  if (scheme === 'https' || scheme === 'mailto' || scheme === 'tel') return undefined;
  if (scheme) return { problem: `the link "${url}" starts with ${scheme}:. Links must start with https://, /, #, mailto: or tel:.` };
  if (bare.startsWith('//')) return { problem: `the link "${url}" has no https: in front. Write https:${bare}.` };
  if (bare.startsWith('#')) return anchorVerdict(bare.slice(1), source.anchors, { article: true });
  if (!bare.startsWith('/'))
    return {
      problem: `the link "${url}" does not start with /. Link to our own pages with their full path, e.g. /${bare.replace(/^(\.\.?\/)+/, '')}.`,
    };
  return internalLinkVerdict(bare, url, source, site);
}

function anchorVerdict(anchor: string, anchors: ReadonlySet<string>, where: { path?: string; article: boolean }): LinkVerdict {
  const id = decodeURIComponent(anchor);
  if (anchors.has(id)) return undefined;
  const link = `${where.path ?? ''}#${id}`;
  if (!where.article)
    return {
      problem: `the link goes to ${link}, but the page ${where.path} has no part with the anchor #${id}. Link to ${where.path} itself, or ask a developer which anchors it has.`,
    };
  const known = [...anchors].map((a) => `#${a}`);
  const hint = known.length ? ` Its headings' anchors are: ${known.join(', ')}.` : ` It has no headings to link to.`;
  return {
    problem: `the link goes to ${link}, but ${where.path ? `the article ${where.path}` : 'this article'} has no heading with that anchor.${hint}`,
  };
}

function internalLinkVerdict(bare: string, url: string, source: LinkSource, site: SiteIndex): LinkVerdict {
  const [beforeHash = '', anchor] = bare.split('#', 2);
  const path = beforeHash.split('?', 1)[0] ?? '';
  if (path.length > 1 && path.endsWith('/'))
    return { problem: `the link "${url}" ends with /. Write ${path.replace(/\/+$/, '')} instead.` };

  const article = /^\/articles\/([^/]+)$/.exec(path)?.[1];
  if (article !== undefined && !site.pages.has(path)) {
    const target = site.articles.get(article);
    if (!target)
      return {
        problem: `the link goes to ${path}, but there is no article with the id "${article}" (no file src/content/articles/${article}.mdx).${suggestion(path, site)}`,
      };
    if (target.draft && !source.draft)
      return { problem: `the link goes to ${path}, which is a draft and not on the site. Link to it once it is published.` };
    const liveFrom = [source.publishedAt ?? site.today, site.today].sort().at(-1) ?? site.today;
    if (target.publishedAt && target.publishedAt > liveFrom && !source.draft)
      return {
        problem: `the link goes to ${path}, which is not published until ${formatArticleDate(target.publishedAt)}, after this article. Link to it once it is published.`,
      };
    return anchor === undefined ? undefined : anchorVerdict(anchor, target.anchors, { path, article: true });
  }

  const known = site.pages.has(path) ? path : site.redirects.has(path) ? path : undefined;
  if (!known) return { problem: `the link goes to ${path}, which is not a page on this site.${suggestion(path, site)}` };
  if (anchor === undefined || anchor === '') return undefined;
  const built = site.pageAnchors?.get(site.redirects.get(path) ?? path);
  if (built) return anchorVerdict(anchor, built, { path: site.redirects.get(path) ?? path, article: false });
  return { pageAnchor: { path: site.redirects.get(path) ?? path, anchor: decodeURIComponent(anchor) } };
}

function suggestion(path: string, site: SiteIndex): string {
  const candidates = [...site.pages, ...[...site.articles.keys()].map((id) => `/articles/${id}`)];
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(path, candidate);
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(path.length / 5)) ? ` Did you mean ${best.candidate}?` : '';
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
