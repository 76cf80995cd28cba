/** Image rules. Over 2 MB or 2,400 px wide only slows the build and the repository: readers never get more than 1,200 px. */
import { existsSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import sharp from 'sharp';
import { IMAGE_EXTENSIONS, IMAGE_LIMITS } from '../image-limits.ts';

export { IMAGE_EXTENSIONS, IMAGE_LIMITS };

export interface ImageFacts {
  width: number;
  height: number;
  bytes: number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const shrinkCommand = (relativePath: string) => `npm run shrink:image -- ${relativePath}`;

/** `relativePath` names the file in messages; a hero image is also the article's share preview. */
export async function imageProblems(
  path: string,
  relativePath: string,
  role: 'hero' | 'body',
): Promise<{ rule: string; message: string }[]> {
  const name = relativePath.split('/').pop() ?? relativePath;
  if (!existsSync(path))
    return [
      {
        rule: 'image-missing',
        message: `There is no picture ${relativePath}. Save it there (${role === 'hero' ? 'next to the article' : "in the article's own folder"}), or correct the file name.`,
      },
    ];
  const extension = extname(path).toLowerCase();
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension))
    return [
      {
        rule: 'image-format',
        message: `${name} is a ${extension || 'file without an extension'}; images must be PNG, JPEG, WebP or AVIF (${IMAGE_EXTENSIONS.join(', ')}).`,
      },
    ];
  let facts: ImageFacts;
  try {
    const metadata = await sharp(path).metadata();
    facts = { width: metadata.width ?? 0, height: metadata.height ?? 0, bytes: statSync(path).size };
  } catch {
    return [
      {
        rule: 'image-unreadable',
        message: `${name} cannot be read as an image (the file may be damaged, or not really a ${extension}). Export it again from your image editor.`,
      },
    ];
  }
  const problems: { rule: string; message: string }[] = [];
  const tooBig = facts.bytes > IMAGE_LIMITS.maxBytes;
  const tooWide = facts.width > IMAGE_LIMITS.maxWidth;
  if (tooBig || tooWide) {
    const what = [
      tooBig && `${mb(facts.bytes)} (the limit is 2 MB)`,
      tooWide && `${facts.width} px wide (the limit is ${IMAGE_LIMITS.maxWidth} px)`,
    ]
      .filter(Boolean)
      .join(' and ');
    problems.push({
      rule: 'image-size',
      message: `${name} is ${what}. Readers never see more than 1,200 px, so shrink it: run ${shrinkCommand(relativePath)} and commit the smaller file.`,
    });
  }
  if (role === 'hero' && facts.width < IMAGE_LIMITS.heroMinWidth)
    problems.push({
      rule: 'image-small',
      message: `${name} is only ${facts.width} px wide; an article's image must be at least ${IMAGE_LIMITS.heroMinWidth} px wide (ideally 1200 × 630), as it is also the preview when the article is shared.`,
    });
  return problems;
}
