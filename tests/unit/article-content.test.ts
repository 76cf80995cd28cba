import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTimeOf } from '~/lib/read-time';

/** Spec section 3: the six built-in articles and their read times at 200 words a minute. */
const SPEC = {
  'decluttering-made-easy': 5,
  'wardrobe-organization-guide': 6,
  'moving-checklist-guide': 8,
  'packing-tips-fragile-items': 7,
  'storage-solutions-small-spaces': 6,
  'eco-friendly-moving-tips': 9,
} as const;

const body = (id: string) => readFileSync(`src/content/articles/${id}.mdx`, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');

describe('the six spec articles', () => {
  for (const [id, minutes] of Object.entries(SPEC)) {
    it(`${id} reads in ${minutes} min, computed from its words`, () => {
      expect(readTimeOf(body(id)).label).toBe(`${minutes} min read`);
    });
  }
});
