/**
 * The article body through the browser editor's own code (Keystatic's browser build with the bundle's changes, and
 * the body field of src/editor/article-body-field.tsx): every committed article and the construct fixture open, and
 * save byte for byte as they were. tests/e2e/editor.spec.ts does the same with whole files in a real browser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { articleFields, ARTICLES_FOLDER } from '~/editor/keystatic.config';
import { FOOTNOTE, FOOTNOTE_REF } from '~/editor/mdx-bridge';

const FIXTURE = 'tests/shared/every-construct.mdx';
const PICTURE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

const bodyOf = (source: string) => source.replace(/^---\n[\s\S]*?\n---\n/, '');

interface Body {
  parse(
    value: unknown,
    extra: { content: Uint8Array; other: Map<string, Uint8Array>; external: Map<string, Map<string, Uint8Array>>; slug: string },
  ): {
    doc: { descendants(visit: (node: { type: { name: string }; isText: boolean; text?: string }) => void): void };
  };
  serialize(value: unknown, extra: { slug: string }): { content: Uint8Array; external: Map<string, Map<string, Uint8Array>> };
}
const body = articleFields.body as unknown as Body;

/** Opens a body in the editor and saves it again, as the editor would with no change made. */
function openAndSave(source: string, slug: string) {
  // Pictures in the body are read from the article's folder: give every one it names.
  const pictures = new Map([...source.matchAll(new RegExp(`\\]\\(\\./${slug}/([^)\\s]+)\\)`, 'g'))].map((m) => [m[1]!, PICTURE]));
  const state = body.parse(undefined, {
    content: new TextEncoder().encode(source),
    other: new Map(),
    external: new Map([[ARTICLES_FOLDER, pictures]]),
    slug,
  });
  const saved = body.serialize(state, { slug });
  return { state, saved: new TextDecoder().decode(saved.content), external: saved.external };
}

const committed = readdirSync(ARTICLES_FOLDER).filter((name) => name.endsWith('.mdx'));

describe('the browser editor saves an article body as it was', () => {
  it.each(committed)('%s', (name) => {
    const source = bodyOf(readFileSync(join(ARTICLES_FOLDER, name), 'utf8'));
    expect(openAndSave(source, name.replace(/\.mdx$/, '')).saved).toBe(source);
  });

  it('the fixture holding every construct an article may use', () => {
    const source = bodyOf(readFileSync(FIXTURE, 'utf8'));
    const { state, saved, external } = openAndSave(source, 'every-construct');
    expect(saved).toBe(source);
    // The editor holds footnotes, tags, the table and the picture as things of their own, not as escaped text.
    const names = new Set<string>();
    let text = '';
    state.doc.descendants((node) => {
      names.add(node.type.name);
      if (node.isText) text += node.text;
    });
    for (const name of [FOOTNOTE, FOOTNOTE_REF, 'table', 'image', 'EditorNote', 'code_block', 'blockquote', 'divider'])
      expect(names, name).toContain(name);
    expect(text).not.toContain('[^');
    expect([...(external.get(ARTICLES_FOLDER)?.keys() ?? [])]).toEqual(['van.png']);
  });
});
