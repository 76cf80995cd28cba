/** A picture in the articles folder that no article shows: usually the placeholder left behind when a photo replaced it. */
import { IMAGE_EXTENSIONS } from './images.ts';
import type { ArticleProblem } from './problems.ts';

export interface ArticleImages {
  id: string;
  /** The hero's file name as written in `image:` (./ removed), or undefined when the frontmatter could not say. */
  hero: string | undefined;
  /** File names (inside the folder) of every picture the article shows, hero and body. */
  shown: string[];
}

/** `entries` are the folder's entries as checkFolder takes them ('a.png', 'sub/'). */
export function unusedImageProblems(entries: readonly string[], articles: readonly ArticleImages[], folder: string): ArticleProblem[] {
  const shown = new Set(articles.flatMap((article) => article.shown));
  const byId = new Map(articles.map((article) => [article.id, article]));
  const problems: ArticleProblem[] = [];
  for (const name of entries) {
    if (name.includes('/') || name.startsWith('.') || shown.has(name)) continue;
    const dot = name.lastIndexOf('.');
    if (dot <= 0 || !(IMAGE_EXTENSIONS as readonly string[]).includes(name.slice(dot).toLowerCase())) continue;
    const namesake = byId.get(name.slice(0, dot));
    // Its article's frontmatter is already reported as unreadable: that problem comes first.
    if (namesake && namesake.hero === undefined) continue;
    const now = namesake ? ` ${namesake.id}.mdx shows ./${namesake.hero} instead.` : '';
    problems.push({
      file: `${folder}/${name}`,
      rule: 'image-unused',
      message: `No article shows this picture, so it would sit in the project unused.${now} If it was replaced, delete it (git rm ${folder}/${name}); if an article should show it, write ./${name} in that article's image: line.`,
    });
  }
  return problems;
}
