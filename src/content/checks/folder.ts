/** Anything in the articles folder that would silently be left out of the site, or clash with another article, is refused with the fix. */
// Not from images.ts, which needs sharp: the browser editor names pictures with suggestedId().
import { IMAGE_EXTENSIONS } from '../image-limits.ts';
import type { ArticleProblem } from './problems.ts';

/** Addresses under /articles/ that pages of the site use, so no article may take them. */
export const RESERVED_IDS = new Set(['page', 'search']);
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function suggestedId(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const isImageName = (name: string) => (IMAGE_EXTENSIONS as readonly string[]).includes(name.slice(name.lastIndexOf('.')).toLowerCase());

/** `entries` are '/'-separated paths inside the folder; folders end in '/'. */
export function checkFolder(entries: readonly string[], folder = 'src/content/articles'): ArticleProblem[] {
  const problems: ArticleProblem[] = [];
  const problem = (name: string, rule: string, message: string) => problems.push({ file: `${folder}/${name}`, rule, message });
  const byLowerCase = new Map<string, string[]>();
  // An article's own folder holds the pictures in its body (the browser editor keeps them there too).
  const pictureFolders = new Set(
    entries.filter((entry) => !entry.includes('/') && entry.endsWith('.mdx')).map((entry) => entry.slice(0, -4)),
  );

  for (const entry of entries) {
    const name = entry.replace(/\/$/, '');
    if (name.split('/').some((part) => part.startsWith('.'))) continue; // .DS_Store and the like: never published, never read
    const [top = '', ...inside] = name.split('/');
    if (pictureFolders.has(top) && (inside.length > 0 || entry.endsWith('/'))) {
      if (inside.length === 1 && !entry.endsWith('/') && isImageName(inside[0]!)) continue;
      if (inside.length > 0)
        problem(
          name,
          'folder',
          `The folder ${top}/ holds only the pictures in the article ${top}.mdx (${IMAGE_EXTENSIONS.join(', ')}), directly inside it. Move this elsewhere.`,
        );
      continue;
    }
    // An empty folder holds nothing to leave out, and git does not keep it (the editor leaves one when it deletes).
    if (entry.endsWith('/') && !entries.some((other) => other.startsWith(entry) && other !== entry)) continue;
    if (entry.endsWith('/')) {
      problem(
        name,
        'folder',
        `Articles go directly in ${folder}, not in a folder inside it, so nothing in ${name}/ is published. Move its files up one level (a folder named after an article may hold the pictures in its body).`,
      );
      continue;
    }
    if (name.includes('/')) continue; // reported with its folder
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const extension = dot > 0 ? name.slice(dot).toLowerCase() : '';
    if (extension === '.mdx' && name.endsWith('.mdx')) {
      const id = stem;
      byLowerCase.set(id.toLowerCase(), [...(byLowerCase.get(id.toLowerCase()) ?? []), name]);
      if (id.startsWith('_'))
        problem(
          name,
          'file-name',
          `Files whose names start with _ are never published. To keep an article off the site for now, name it ${suggestedId(id)}.mdx and add draft: true to its frontmatter.`,
        );
      else if (RESERVED_IDS.has(id))
        problem(name, 'file-name', `/articles/${id} is an address the site uses itself. Choose another name for this article.`);
      else if (!ID.test(id))
        problem(
          name,
          'file-name',
          `The file name is the article's address, so it must be lower-case words joined by hyphens: rename it to ${suggestedId(id) || 'a-name-like-this'}.mdx.`,
        );
      continue;
    }
    if (/^\.(md|markdown|mdown)$/.test(extension) || name.endsWith('.MDX'))
      problem(name, 'not-mdx', `This file is never published: articles must end in .mdx. Rename it to ${suggestedId(stem) || stem}.mdx.`);
    else if ((IMAGE_EXTENSIONS as readonly string[]).includes(extension)) continue;
    else if (extension === '.svg')
      problem(
        name,
        'not-mdx',
        `SVG drawings are kept in assets-src/articles/ and turned into PNGs (npx node scripts/generate-article-images.mjs). Move this file there.`,
      );
    else
      problem(
        name,
        'not-mdx',
        `This is not an article (.mdx) or an image (${IMAGE_EXTENSIONS.join(', ')}), so it does not belong in ${folder}. Move it elsewhere.`,
      );
  }

  for (const names of byLowerCase.values()) {
    if (names.length < 2) continue;
    for (const name of names)
      problem(
        name,
        'duplicate-id',
        `${names.filter((other) => other !== name).join(' and ')} has the same name apart from capital letters, and both would have the address /articles/${name.slice(0, -4).toLowerCase()}. Keep one of them.`,
      );
  }
  return problems;
}
