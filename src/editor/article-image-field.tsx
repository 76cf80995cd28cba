/** Stored beside the article: Keystatic's entry folder is src/content/articles/<id>, hence `../<id>.<ext>` (see keystatic-patches.mjs). */
import { fields } from '@keystatic/core';
import type { FormFieldInputProps } from '@keystatic/core';
import { useState } from 'react';
import { IMAGE_LIMITS } from '~/content/image-limits';
import { shrinkPicture } from './shrink-picture';

/** Picture types the build turns into AVIF and WebP copies, by file extension. */
export const ARTICLE_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;

type ImageValue = { data: Uint8Array; extension: string; filename: string } | null;

function extensionOf(path: string): string {
  return path.match(/\.([^./]+)$/)?.[1]?.toLowerCase() ?? '';
}

export function isArticleImageExtension(extension: string): boolean {
  return (ARTICLE_IMAGE_EXTENSIONS as readonly string[]).includes(extension.toLowerCase());
}

export function articleImageProblem(value: ImageValue): string | undefined {
  if (value === null) return 'Add a picture: every article has one.';
  if (!isArticleImageExtension(value.extension))
    return `This picture is a .${value.extension || 'unknown'} file. Save it as JPEG, PNG or WebP and upload it again.`;
  return undefined;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function articleImage({ label, description }: { label: string; description: string }) {
  const image = fields.image({ label, description, validation: { isRequired: true } });

  function Input(props: FormFieldInputProps<ImageValue>) {
    const [note, setNote] = useState<{ text: string; problem: boolean } | undefined>();
    const [busy, setBusy] = useState(false);
    const problem = props.value !== null ? articleImageProblem(props.value) : undefined;
    const onChange = (value: ImageValue) => {
      setNote(undefined);
      if (value === null || articleImageProblem(value)) return props.onChange(value);
      setBusy(true);
      shrinkPicture(value)
        .then(({ picture, width, before }) => {
          props.onChange(picture);
          if (width && width < IMAGE_LIMITS.heroMinWidth)
            setNote({
              problem: true,
              text: `This picture is only ${width} pixels wide. Choose one at least ${IMAGE_LIMITS.heroMinWidth.toLocaleString('en-GB')} pixels wide: it is also the preview when the article is shared.`,
            });
          else if (before)
            setNote({
              problem: false,
              text: `Made smaller to fit the site: ${before.width} → ${width} pixels wide, ${megabytes(before.bytes)} → ${megabytes(picture.data.byteLength)}.`,
            });
        })
        .catch((error: unknown) => setNote({ problem: true, text: error instanceof Error ? error.message : String(error) }))
        .finally(() => setBusy(false));
    };
    const message = problem ?? (note?.problem ? note.text : undefined);
    return (
      <>
        <image.Input {...props} onChange={onChange} />
        {busy ? (
          <p role="status" style={{ margin: '0.5rem 0 0', fontSize: '0.875rem' }}>
            Making the picture smaller…
          </p>
        ) : null}
        {message ? (
          <p role="alert" style={{ color: '#b42318', margin: '0.5rem 0 0', fontSize: '0.875rem' }}>
            {message}
          </p>
        ) : note ? (
          <p role="status" style={{ margin: '0.5rem 0 0', fontSize: '0.875rem' }} data-picture-note>
            {note.text}
          </p>
        ) : null}
      </>
    );
  }

  return {
    ...image,
    Input,
    /** Read by the layout patch: which files beside the entry may hold this field's picture. */
    besideEntry: { extensions: ARTICLE_IMAGE_EXTENSIONS },
    filename(value: unknown) {
      if (typeof value !== 'string' || !value.startsWith('./')) return undefined;
      return `..${value.slice(1)}`;
    },
    parse(value: unknown, { asset }: { asset: Uint8Array | undefined; slug: string | undefined }): ImageValue {
      if (typeof value !== 'string' || asset === undefined) return null;
      return { data: asset, filename: value.replace(/^.*\//, ''), extension: extensionOf(value) };
    },
    validate(value: ImageValue) {
      const problem = articleImageProblem(value);
      if (problem) throw new Error(problem);
      return value as NonNullable<ImageValue>;
    },
    serialize(value: ImageValue, { slug }: { suggestedFilenamePrefix: string | undefined; slug: string | undefined }) {
      if (value === null || slug === undefined) return { value: undefined, asset: undefined };
      const filename = `${slug}.${value.extension.toLowerCase()}`;
      return { value: `./${filename}`, asset: { filename: `../${filename}`, content: value.data } };
    },
  };
}
