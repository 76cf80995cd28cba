/**
 * The article body through the browser editor's own code (Keystatic's browser build with the bundle's changes, and
 * the body field of src/editor/article-body-field.tsx): every committed article and the construct fixture open, and
 * save byte for byte as they were. tests/e2e/editor.spec.ts does the same with whole files in a real browser; the
 * article check runs the same openAndSave() from a bundle (tests/unit/article-checks-editor.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openAndSave } from '~/editor/body-roundtrip';
import { ARTICLES_FOLDER } from '~/editor/keystatic.config';
import { FOOTNOTE, FOOTNOTE_REF } from '~/editor/mdx-bridge';

const FIXTURE = 'tests/shared/every-construct.mdx';

const bodyOf = (source: string) => source.replace(/^---\n[\s\S]*?\n---\n/, '');

const committed = readdirSync(ARTICLES_FOLDER).filter((name) => name.endsWith('.mdx'));

describe('the browser editor saves an article body as it was', () => {
  it.each(committed)('%s', (name) => {
    const source = bodyOf(readFileSync(join(ARTICLES_FOLDER, name), 'utf8'));
    expect(openAndSave(source, name.replace(/\.mdx$/, '')).saved).toBe(source);
  });

  it('the fixture holding every construct an article may use', () => {
    const source = bodyOf(readFileSync(FIXTURE, 'utf8'));
    const trip = openAndSave(source, 'every-construct');
    if (trip.saved === undefined) throw new Error(trip.error);
    expect(trip.saved).toBe(source);
    // The editor holds footnotes, tags, the table and the picture as things of their own, not as escaped text.
    const names = new Set<string>();
    let text = '';
    trip.state.doc.descendants((node) => {
      names.add(node.type.name);
      if (node.isText) text += node.text;
    });
    for (const name of [FOOTNOTE, FOOTNOTE_REF, 'table', 'image', 'EditorNote', 'code_block', 'blockquote', 'divider'])
      expect(names, name).toContain(name);
    expect(text).not.toContain('[^');
    expect(trip.pictures).toEqual(['van.png']);
  });

  it('cannot open a footnote mark inside a table cell, in Keystatic’s own words (the article check refuses it)', () => {
    const trip = openAndSave(
      '\n| Week | Note            |\n| ---- | --------------- |\n| 8    | Book early[^1] |\n\n[^1]: A note.\n',
      'cell',
    );
    expect(trip).toEqual({ opened: false, error: 'tableCell has unexpected children' });
  });
});
