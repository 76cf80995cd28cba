/** A picture of random pixels, which does not compress: a photo straight off a phone, heavy for its size. */
import sharp from 'sharp';

export async function writeNoisePicture(path: string, width: number, height: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<void> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0, x = 2463534242; i < noise.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    noise[i] = x & 255;
  }
  const picture = sharp(noise, { raw: { width, height, channels: 3 } });
  await (format === 'png' ? picture.png() : picture.jpeg({ quality: 100 })).toFile(path);
}
