/** Stored beside the article: Keystatic's entry folder is src/content/articles/<id>, hence `../<id>.<ext>` (see keystatic-patches.mjs). */
import { fields } from '@keystatic/core';
import type { FormFieldInputProps } from '@keystatic/core';

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

export function articleImage({ label, description }: { label: string; description: string }) {
  const image = fields.image({ label, description, validation: { isRequired: true } });

  function Input(props: FormFieldInputProps<ImageValue>) {
    const problem = props.value !== null ? articleImageProblem(props.value) : undefined;
    return (
      <>
        <image.Input {...props} />
        {problem ? (
          <p role="alert" style={{ color: '#b42318', margin: '0.5rem 0 0', fontSize: '0.875rem' }}>
            {problem}
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
