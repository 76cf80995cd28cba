/**
 * The article's body in the editor: everything the article check accepts, so any article opens and saves unchanged
 * (tests/unit/editor-roundtrip.test.ts and tests/e2e/editor.spec.ts save each one and compare the files). Footnotes
 * and notes for editors pass through mdx-bridge.ts; the HTML tags come from src/content/inline-tags.ts.
 */
import { fields } from '@keystatic/core';
import { block, inline, mark, wrapper } from '@keystatic/core/content-components';
import { bookAIcon } from '@keystar/ui/icon/icons/bookAIcon';
import { keyboardIcon } from '@keystar/ui/icon/icons/keyboardIcon';
import { stickyNoteIcon } from '@keystar/ui/icon/icons/stickyNoteIcon';
import { subscriptIcon } from '@keystar/ui/icon/icons/subscriptIcon';
import { superscriptIcon } from '@keystar/ui/icon/icons/superscriptIcon';
import { asteriskIcon } from '@keystar/ui/icon/icons/asteriskIcon';
import { Icon } from '@keystar/ui/icon';
import { useEffect, useLayoutEffect, useRef, type ReactElement } from 'react';
import type { FormFieldInputProps } from '@keystatic/core';
import { INLINE_TAGS, type InlineTag } from '~/content/inline-tags';
import { suggestedId } from '~/content/checks/folder';
import { EDITOR_NOTE, FOOTNOTE, FOOTNOTE_REF, fromEditor, toEditor } from './mdx-bridge';
import { shrinkPicture } from './shrink-picture';

const TAG_ICONS: Record<InlineTag, ReactElement> = {
  abbr: <Icon src={bookAIcon} />,
  kbd: <Icon src={keyboardIcon} />,
  sub: <Icon src={subscriptIcon} />,
  sup: <Icon src={superscriptIcon} />,
};

const footnoteId = () =>
  fields.text({
    label: 'Footnote number',
    description: 'The same number in the text and in its note, e.g. 1.',
    validation: { isRequired: true, length: { min: 1, max: 20 } },
  });

function inlineTags() {
  return Object.fromEntries(
    Object.entries(INLINE_TAGS).map(([tag, spec]) => [
      tag,
      mark({
        label: spec.label,
        icon: TAG_ICONS[tag as InlineTag],
        tag: tag as InlineTag,
        schema:
          'attribute' in spec
            ? {
                [spec.attribute]: fields.text({
                  label: 'Written out in full',
                  description: `For example ${spec.example}`,
                  validation: { isRequired: true, length: { min: 1 } },
                }),
              }
            : {},
      }),
    ]),
  );
}

const components = {
  ...inlineTags(),
  [FOOTNOTE_REF]: inline({
    label: 'Footnote mark',
    icon: <Icon src={asteriskIcon} />,
    schema: { id: footnoteId() },
    ContentView: ({ value }) => <sup>[{value.id}]</sup>,
  }),
  [FOOTNOTE]: wrapper({
    label: 'Footnote',
    description: 'The note a footnote mark points to; shown at the end of the article.',
    icon: <Icon src={asteriskIcon} />,
    schema: { id: footnoteId() },
  }),
  [EDITOR_NOTE]: block({
    label: 'Note for editors',
    description: 'Never shown on the site.',
    icon: <Icon src={stickyNoteIcon} />,
    schema: { note: fields.text({ label: 'Note', multiline: true }) },
    ContentView: ({ value }) => <p style={{ fontStyle: 'italic', margin: 0 }}>Note for editors: {value.note}</p>,
  }),
};

/** A picture's file name as the check wants it: lower-case words joined by hyphens. */
function pictureName(original: string): string {
  const dot = original.lastIndexOf('.');
  const extension = dot > 0 ? original.slice(dot).toLowerCase() : '';
  return `${suggestedId(dot > 0 ? original.slice(0, dot) : original) || 'picture'}${extension}`;
}

/** The little of ProseMirror's editor state (Keystatic's value for the body) that shrinking a picture needs. */
interface BodyState {
  doc: { descendants(visit: (node: PictureNode, position: number) => boolean | void): void };
  tr: { setNodeMarkup(position: number, type: undefined, attrs: Record<string, unknown>): unknown };
  apply(transaction: unknown): BodyState;
}
interface PictureNode {
  type: { name: string };
  attrs: Record<string, unknown>;
}

/**
 * A photo put into the body is made smaller like the article's picture (shrink-picture.ts): each new one is checked
 * once, and a smaller copy replaces it in whatever the body holds by then.
 */
function useShrunkPictures(props: FormFieldInputProps<BodyState>) {
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const seen = useRef(new WeakSet<Uint8Array>());
  useEffect(() => {
    props.value.doc.descendants((node) => {
      const { src, filename } = node.attrs;
      if (node.type.name !== 'image' || !(src instanceof Uint8Array) || typeof filename !== 'string' || seen.current.has(src)) return;
      seen.current.add(src);
      const extension = filename.slice(filename.lastIndexOf('.') + 1);
      shrinkPicture({ data: src, extension, filename })
        .then(({ picture, before }) => {
          if (!before) return;
          seen.current.add(picture.data);
          const { value, onChange } = latest.current;
          let found: { position: number; attrs: Record<string, unknown> } | undefined;
          value.doc.descendants((current, position) => {
            if (!found && current.attrs.src === src) found = { position, attrs: current.attrs };
            return !found;
          });
          if (found)
            onChange(
              value.apply(
                value.tr.setNodeMarkup(found.position, undefined, { ...found.attrs, src: picture.data, filename: picture.filename }),
              ),
            );
        })
        // A picture that cannot be made small enough stays as it is: the check names it, with the file and line.
        .catch(() => undefined);
    });
  }, [props.value]);
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function articleBody({ label, description }: { label: string; description: string }) {
  const field = fields.mdx({
    label,
    description,
    options: {
      heading: [2, 3, 4, 5, 6],
      // Pictures in the body live in the article's own folder: src/content/articles/<id>/<name>, written ./<id>/<name>.
      image: {
        directory: 'src/content/articles',
        publicPath: './',
        transformFilename: pictureName,
        schema: {
          alt: fields.text({
            label: 'Description (alt text)',
            description: 'What the picture shows, for people who cannot see it.',
            validation: { isRequired: true, length: { min: 1 } },
          }),
        },
      },
    },
    components,
  });
  function Input(props: FormFieldInputProps<BodyState>) {
    useShrunkPictures(props);
    return <field.Input {...(props as unknown as Parameters<typeof field.Input>[0])} />;
  }
  return {
    ...field,
    Input,
    parse(value: Parameters<typeof field.parse>[0], extra: Parameters<typeof field.parse>[1]) {
      const content = encoder.encode(toEditor(decoder.decode(extra.content)));
      return field.parse(value, { ...extra, content });
    },
    serialize(value: Parameters<typeof field.serialize>[0], extra: Parameters<typeof field.serialize>[1]) {
      const out = field.serialize(value, extra);
      return { ...out, content: encoder.encode(fromEditor(decoder.decode(out.content))) };
    },
  };
}
