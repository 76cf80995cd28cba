/**
 * A photo straight off a phone is too big for the site's limits (src/content/image-limits.ts): the editor makes it
 * smaller in the browser before it is saved, as `npm run shrink:image` would on a computer, so an editor never meets
 * the size error. Upright (the camera's rotation applied), at most 2,400 px wide, under 2 MB.
 */
import { IMAGE_LIMITS } from '~/content/image-limits';

export interface Picture {
  data: Uint8Array;
  extension: string;
  filename: string;
}

export interface Shrunk {
  picture: Picture;
  width: number;
  /** Set when the picture was made smaller: the sizes before and after, for the editor to read. */
  before?: { width: number; bytes: number };
}

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };
/** Falling qualities for a photo that is still over the limit: 0.85 keeps a photo indistinguishable at 1,200 px. */
const QUALITIES = [0.85, 0.75, 0.65, 0.5];

async function encode(canvas: OffscreenCanvas, type: string): Promise<Blob | undefined> {
  for (const quality of type === 'image/png' ? [1] : QUALITIES) {
    const blob = await canvas.convertToBlob({ type, quality });
    // A browser that cannot write the type (WebP in Safari) writes PNG instead.
    if (blob.type !== type) return undefined;
    if (blob.size <= IMAGE_LIMITS.maxBytes) return blob;
  }
  return undefined;
}

export async function shrinkPicture(picture: Picture): Promise<Shrunk> {
  const type = TYPES[picture.extension.toLowerCase()];
  if (!type) return { picture, width: 0 };
  const bitmap = await createImageBitmap(new Blob([picture.data as BlobPart], { type }), { imageOrientation: 'from-image' });
  const { width, height } = bitmap;
  if (width <= IMAGE_LIMITS.maxWidth && picture.data.byteLength <= IMAGE_LIMITS.maxBytes) {
    bitmap.close();
    return { picture, width };
  }
  const scale = Math.min(1, IMAGE_LIMITS.maxWidth / width);
  const canvas = new OffscreenCanvas(Math.round(width * scale), Math.round(height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot resize pictures: shrink the picture first (npm run shrink:image).');
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  // A PNG or WebP keeps its type when it fits; a photo that does not becomes a JPEG, as shrink:image --jpeg does.
  let blob = await encode(canvas, type);
  let extension = picture.extension.toLowerCase();
  if (!blob) {
    // White under any transparent parts, which a JPEG cannot keep.
    context.globalCompositeOperation = 'destination-over';
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    blob = await encode(canvas, 'image/jpeg');
    extension = 'jpg';
  }
  if (!blob) throw new Error('This picture stays over 2 MB even when made smaller. Choose another picture.');
  const filename = picture.filename.replace(/\.[^.]*$/, '') + `.${extension}`;
  return {
    picture: { data: new Uint8Array(await blob.arrayBuffer()), extension, filename },
    width: canvas.width,
    before: { width, bytes: picture.data.byteLength },
  };
}
