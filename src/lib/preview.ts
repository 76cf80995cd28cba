/**
 * Where a pull request's preview version lives (issue 31 item 7). The pull-request workflow uploads each branch's
 * version under an alias made from the branch's name (`wrangler versions upload --preview-alias`), so the comment it
 * posts and the browser editor's Preview link, which knows only the branch, reach the same address:
 * https://<alias>-<PREVIEW_HOST>, PREVIEW_HOST being the Worker's workers.dev host (`<worker>.<account>.workers.dev`).
 */

import { EDITOR_PAGE_PATH } from './editor-policy.ts';

/** Cloudflare's rule for an alias: a letter first, then letters, digits and hyphens, and alias-worker in one DNS label. */
const DNS_LABEL = 63;

export function previewAlias(branch: string, previewHost: string): string {
  const worker = previewHost.split('.')[0] ?? '';
  const room = DNS_LABEL - worker.length - 1;
  let alias = branch
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!/^[a-z]/.test(alias)) alias = `b-${alias}`;
  return alias.slice(0, room).replace(/-+$/, '');
}

export const previewOrigin = (branch: string, previewHost: string): string => `https://${previewAlias(branch, previewHost)}-${previewHost}`;

const ARTICLE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ARTICLE_FILE = /^src\/content\/articles\/([^/]+)\.mdx$/;

/** The articles a pull request adds or changes, from `git diff --name-status` lines (a deleted one has no page to show). */
export function changedArticleIds(nameStatus: string): string[] {
  const ids = nameStatus
    .split('\n')
    .map((line) => line.trim().split(/\t+/))
    .filter(([status]) => status !== undefined && status !== '' && !status.startsWith('D'))
    .map((fields) => ARTICLE_FILE.exec(fields[fields.length - 1] ?? '')?.[1])
    .filter((id): id is string => id !== undefined && ARTICLE_ID.test(id));
  return [...new Set(ids)];
}

/** The pull request's comment: its preview, and each changed article's page on it. */
export function previewComment(origin: string, articleIds: readonly string[]): string {
  const articles = articleIds.length
    ? `\n\nThe articles this pull request changes, on the preview:\n\n${articleIds.map((id) => `- ${origin}/articles/${id}`).join('\n')}`
    : '';
  return `Preview of this pull request: ${origin}${articles}`;
}

/** The browser editor's Preview link in production, a page of the editor: /keystatic/preview/<article>/<branch>. */
export const EDITOR_PREVIEW_PATH = `${EDITOR_PAGE_PATH}/preview/`;

/** Where the editor's Preview link leads: the article on its branch's preview version (undefined for another path). */
export function editorPreviewTarget(pathname: string, previewHost: string): string | undefined {
  if (!pathname.startsWith(EDITOR_PREVIEW_PATH)) return undefined;
  const [id, ...branch] = pathname.slice(EDITOR_PREVIEW_PATH.length).split('/').map(decodeURIComponent);
  if (!id || !ARTICLE_ID.test(id) || branch.length === 0) return undefined;
  return `${previewOrigin(branch.join('/'), previewHost)}/articles/${id}`;
}
