/** The collection's own schema checked without a build, so each problem points at its field's line; Astro checks it again. */
import { z } from 'astro/zod';
import { createArticleSchema } from '../article-schema.ts';
import type { Frontmatter } from './frontmatter.ts';

// The build passes Astro's image() helper; here the path is checked as a file by images.ts.
const schema = createArticleSchema(() => z.string({ error: 'image is required: ./ followed by the image file name' }));
const FIELDS = Object.keys(schema.shape);

export interface FieldProblem {
  line: number;
  field: string;
  message: string;
}

export function frontmatterProblems(frontmatter: Frontmatter): FieldProblem[] {
  const result = schema.safeParse(frontmatter.data);
  if (result.success) return [];
  return result.error.issues.flatMap((issue): FieldProblem[] => {
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({
        line: frontmatter.lineOf(key),
        field: key,
        message: `${key} is not a field articles have (check its spelling). The fields are: ${FIELDS.join(', ')}.`,
      }));
    const field = String(issue.path[0] ?? '');
    const message = issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
    return [{ line: frontmatter.lineOf(field), field, message: /\.$/.test(message) ? message : `${message}.` }];
  });
}
