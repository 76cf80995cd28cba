#!/usr/bin/env node
// Renders assets-src/articles/*.svg to PNGs beside their articles; astro:assets makes the AVIF/WebP versions.
// Run after changing a drawing: npx node scripts/generate-article-images.mjs
import { readdirSync } from 'node:fs';
import sharp from 'sharp';

const from = 'assets-src/articles';
const to = 'src/content/articles';

for (const file of readdirSync(from).filter((name) => name.endsWith('.svg'))) {
  const slug = file.replace(/\.svg$/, '');
  const info = await sharp(`${from}/${file}`, { density: 96 })
    .resize(1200, 630)
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toFile(`${to}/${slug}.png`);
  console.log(`${to}/${slug}.png ${info.width}x${info.height} ${(info.size / 1024).toFixed(1)} KB`);
}
