#!/usr/bin/env node
// `npm run shrink:image -- src/content/articles/photo.jpg [more files]`: fits an article image to the build's limits in
// place (upright, re-compressed); readers get copies no wider than 1,200 px, so nothing they see changes.
// --jpeg saves it as a JPEG instead (a photo as PNG rarely fits 2 MB) and removes the original.
import { renameSync, rmSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import sharp from 'sharp';
import { IMAGE_LIMITS } from '../src/content/checks/images.ts';

const asJpeg = process.argv.includes('--jpeg');
const files = process.argv.slice(2).filter((arg) => arg !== '--jpeg');
if (files.length === 0) {
  console.error('✗ Name the image(s): npm run shrink:image -- src/content/articles/photo.jpg');
  process.exit(1);
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const ENCODE = {
  '.jpg': (image) => image.jpeg({ quality: 82, mozjpeg: true }),
  '.jpeg': (image) => image.jpeg({ quality: 82, mozjpeg: true }),
  '.png': (image) => image.png({ compressionLevel: 9, effort: 10 }),
  '.webp': (image) => image.webp({ quality: 80 }),
  '.avif': (image) => image.avif({ quality: 60 }),
};

let exitCode = 0;
for (const file of files) {
  const target = asJpeg ? file.replace(/\.\w+$/, '.jpg') : file;
  const encode = ENCODE[extname(target).toLowerCase()];
  if (!encode) {
    console.error(`✗ ${file}: only ${Object.keys(ENCODE).join(', ')} images can be shrunk here.`);
    exitCode = 1;
    continue;
  }
  const before = statSync(file).size;
  const { width: oldWidth = 0 } = await sharp(file).metadata();
  const temporary = `${target}.shrinking${extname(target)}`;
  const info = await encode(sharp(file).rotate().resize({ width: IMAGE_LIMITS.maxWidth, withoutEnlargement: true })).toFile(temporary);
  renameSync(temporary, target);
  if (target !== file) rmSync(file);
  const fits = info.size <= IMAGE_LIMITS.maxBytes;
  console.log(`${fits ? '✓' : '✗'} ${target}: ${oldWidth} → ${info.width} px wide, ${mb(before)} → ${mb(info.size)}`);
  if (target !== file) console.log(`  Now change the article's image: to ./${target.split('/').pop()}`);
  if (!fits) {
    console.log(`  Still over 2 MB. A photo keeps far better as JPEG: npm run shrink:image -- --jpeg ${file}`);
    exitCode = 1;
  }
}
process.exit(exitCode);
