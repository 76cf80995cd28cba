/**
 * An article body opened in the browser editor and saved again with no change made, through the editor's own body
 * field (Keystatic's browser build with the bundle's changes, and mdx-bridge.ts). The round-trip test and the article
 * check (src/content/checks/editor-roundtrip.ts, through a bundle of this module) both call it.
 */
import { articleFields, ARTICLES_FOLDER } from './keystatic.config';

/** Pictures in the body are read from the article's folder; any bytes will do to open and save it. */
const PICTURE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

interface Body {
  parse(
    value: unknown,
    extra: { content: Uint8Array; other: Map<string, Uint8Array>; external: Map<string, Map<string, Uint8Array>>; slug: string },
  ): EditorState;
  serialize(value: EditorState, extra: { slug: string }): { content: Uint8Array; external: Map<string, Map<string, Uint8Array>> };
}

/** The little of ProseMirror's state the tests look at. */
export interface EditorState {
  doc: { descendants(visit: (node: { type: { name: string }; isText: boolean; text?: string }) => void): void };
}

export type RoundTrip =
  | { opened: true; saved: string; pictures: string[]; state: EditorState }
  /** `saved` is undefined when the editor opened the body but could not save it. `error` is Keystatic's own words. */
  | { opened: boolean; saved?: undefined; error: string };

const body = articleFields.body as unknown as Body;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `source` is the body as written after the frontmatter (its first line is the blank one after `---`). */
export function openAndSave(source: string, slug: string): RoundTrip {
  const named = [...source.matchAll(new RegExp(`\\]\\(\\./${slug.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/([^)\\s]+)\\)`, 'g'))];
  const pictures = new Map(named.map((match) => [match[1]!, PICTURE]));
  let state: EditorState;
  try {
    state = body.parse(undefined, {
      content: encoder.encode(source),
      other: new Map(),
      external: new Map([[ARTICLES_FOLDER, pictures]]),
      slug,
    });
  } catch (error) {
    return { opened: false, error: message(error) };
  }
  try {
    const saved = body.serialize(state, { slug });
    return {
      opened: true,
      state,
      saved: decoder.decode(saved.content),
      pictures: [...(saved.external.get(ARTICLES_FOLDER)?.keys() ?? [])],
    };
  } catch (error) {
    return { opened: true, error: message(error) };
  }
}
