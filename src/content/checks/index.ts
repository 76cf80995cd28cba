/** Every editorial check. Modules here import each other with relative .ts paths (no ~/ alias), so plain Node can run them too. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { isPublished, listPagePath, pageCount, publicationDay } from '../../lib/articles.ts';
import { checkBody, parseBody, PLACEHOLDER_MARK, type ParsedBody } from './body.ts';
import { editorRoundTrip, type RoundTrip } from './editor-pool.ts';
import { editorProblems } from './editor-roundtrip.ts';
import { checkFolder } from './folder.ts';
import { readFrontmatter, type Frontmatter } from './frontmatter.ts';
import { frontmatterProblems } from './frontmatter-schema.ts';
import { imageProblems } from './images.ts';
import type { ArticleProblem } from './problems.ts';
import { pageRoutes, publicFiles, redirectsOf, type ArticleFacts, type SiteIndex } from './site-index.ts';
import { unusedImageProblems, type ArticleImages } from './unused-images.ts';

export { formatProblems, problemsSummary, sortProblems, type ArticleProblem } from './problems.ts';

export const ARTICLES_DIR = 'src/content/articles';

export interface CheckOptions {
  root: string;
  /** yyyy-mm-dd; default: ARTICLES_TODAY or today in the UK. */
  today?: string;
  pageAnchors?: ReadonlyMap<string, ReadonlySet<string>>;
  /** The browser editor's open-and-save; default: its own code (editor-pool.ts). */
  roundTrip?: RoundTrip;
}

export interface PendingAnchorLink {
  file: string;
  line?: number | undefined;
  column?: number | undefined;
  path: string;
  anchor: string;
}

export interface CheckResult {
  problems: ArticleProblem[];
  /** Anchor links only a build can confirm (none when `pageAnchors` was given). */
  pendingAnchorLinks: PendingAnchorLink[];
  files: string[];
}

interface ArticleFile {
  id: string;
  file: string;
  path: string;
  source: string;
  frontmatter: Frontmatter | undefined;
  body: ParsedBody;
  draft: boolean;
  publishedAt: string | undefined;
}

/** Folder entries as checkFolder takes them: 'a.mdx', 'sub/', 'sub/b.mdx'. */
function folderEntries(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).map((entry) => {
    const path = relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
    return entry.isDirectory() ? `${path}/` : path;
  });
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function readArticle(root: string, name: string): ArticleFile {
  const path = join(root, ARTICLES_DIR, name);
  const source = readFileSync(path, 'utf8');
  const frontmatter = readFrontmatter(source);
  const publishedAt = frontmatter?.data.publishedAt;
  return {
    id: name.slice(0, -'.mdx'.length),
    file: `${ARTICLES_DIR}/${name}`,
    path,
    source,
    frontmatter,
    body: parseBody(source),
    draft: frontmatter?.data.draft === true,
    publishedAt: typeof publishedAt === 'string' && ISO_DAY.test(publishedAt) ? publishedAt : undefined,
  };
}

export function siteIndex(
  root: string,
  articles: readonly ArticleFacts[],
  today: string,
  pageAnchors?: CheckOptions['pageAnchors'],
): SiteIndex {
  const published = articles.filter(
    (article) => article.publishedAt && isPublished({ publishedAt: article.publishedAt, draft: article.draft }, today),
  );
  const listPages = Array.from({ length: pageCount(published.length) - 1 }, (_, i) => listPagePath(i + 2));
  return {
    pages: new Set([...pageRoutes(join(root, 'src/pages')), ...publicFiles(join(root, 'public')), ...listPages, '/sitemap-index.xml']),
    redirects: redirectsOf(join(root, 'public')),
    articles: new Map(articles.map((article) => [article.id, article])),
    pageAnchors,
    today,
  };
}

export async function checkArticles(options: CheckOptions): Promise<CheckResult> {
  const root = resolve(options.root);
  const today = options.today ?? publicationDay(process.env.ARTICLES_TODAY);
  // Started first: the editor's code loads while the other rules run.
  const roundTrip = options.roundTrip ? Promise.resolve(options.roundTrip) : editorRoundTrip();
  roundTrip.catch(() => undefined); // an article's check reports a failure; with no article there is nothing to report
  const entries = folderEntries(join(root, ARTICLES_DIR));
  const problems: ArticleProblem[] = checkFolder(entries, ARTICLES_DIR);
  const articles = entries
    .filter((entry) => !entry.includes('/') && entry.endsWith('.mdx') && !entry.startsWith('.'))
    .map((name) => readArticle(root, name));
  const site = siteIndex(
    root,
    articles.map(({ id, draft, publishedAt, body }) => ({ id, draft, publishedAt, anchors: body.anchors })),
    today,
    options.pageAnchors,
  );
  const pendingAnchorLinks: PendingAnchorLink[] = [];
  const articleImages: ArticleImages[] = [];
  // Several articles may share a picture: it is read once.
  const imageChecks = new Map<string, ReturnType<typeof imageProblems>>();
  const checkImage = (path: string, name: string, role: 'hero' | 'body') => {
    const key = `${role}:${path}`;
    if (!imageChecks.has(key)) imageChecks.set(key, imageProblems(path, name, role));
    return imageChecks.get(key)!;
  };

  await Promise.all(
    articles.map(async (article) => {
      const { file, frontmatter } = article;
      const pictures: ArticleImages = { id: article.id, hero: undefined, shown: [] };
      articleImages.push(pictures);
      if (!frontmatter) {
        problems.push({
          file,
          line: 1,
          rule: 'frontmatter',
          message: 'The file must start with its frontmatter: a block of fields between two --- lines (see docs/adding-an-article.md).',
        });
        return;
      }
      if (frontmatter.error) {
        problems.push({
          file,
          line: frontmatter.error.line,
          rule: 'frontmatter',
          message: `The frontmatter cannot be read: ${frontmatter.error.message}. Check the quotes and colons on this line.`,
        });
        return;
      }
      for (const { line, message } of frontmatterProblems(frontmatter)) problems.push({ file, line, rule: 'frontmatter', message });
      if (!article.draft)
        for (const field of ['title', 'excerpt', 'imageAlt'])
          if (String(frontmatter.data[field] ?? '').includes(PLACEHOLDER_MARK))
            problems.push({
              file,
              line: frontmatter.lineOf(field),
              rule: 'placeholder',
              message: `${field} still has the placeholder text from npm run new:article ("${PLACEHOLDER_MARK}…"). Write your own, or keep draft: true until it is ready.`,
            });

      const body = checkBody(
        file,
        article.body,
        { id: article.id, draft: article.draft, publishedAt: article.publishedAt, anchors: article.body.anchors },
        site,
        {
          draft: article.draft,
        },
      );
      problems.push(...body.problems);
      const refusedLines = new Set(body.problems.flatMap((problem) => (problem.line === undefined ? [] : [problem.line])));
      problems.push(
        ...(await editorProblems({ file, slug: article.id, source: article.source, parsed: article.body, refusedLines }, await roundTrip)),
      );
      pendingAnchorLinks.push(...body.pageAnchorLinks.map((link) => ({ file, ...link })));

      const images: Array<{ url: string; line?: number | undefined; column?: number | undefined; role: 'hero' | 'body' }> = body.images.map(
        (image) => ({ ...image, role: 'body' }),
      );
      const hero = frontmatter.data.image;
      if (typeof hero === 'string') images.push({ url: hero, line: frontmatter.lineOf('image'), role: 'hero' });
      if (typeof hero === 'string') pictures.hero = hero.replace(/^\.\//, '');
      for (const image of images) {
        const imagePath = resolve(dirname(article.path), decodeURI(image.url));
        pictures.shown.push(relative(join(root, ARTICLES_DIR), imagePath).split(sep).join('/'));
        for (const found of await checkImage(imagePath, relative(root, imagePath).split(sep).join('/'), image.role))
          problems.push({ file, line: image.line, column: image.column, ...found });
      }
    }),
  );
  problems.push(...unusedImageProblems(entries, articleImages, ARTICLES_DIR));
  return { problems, pendingAnchorLinks, files: articles.map((article) => article.file) };
}
