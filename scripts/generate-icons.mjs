// Renders the original SVG artwork in assets-src/ to the PNG/ICO files browsers and share previews need.
// Run after changing the artwork: node scripts/generate-icons.mjs (outputs are committed).
import sharp from 'sharp';
import { readFile, writeFile } from 'node:fs/promises';

const icon = await readFile('assets-src/icon.svg');
const share = await readFile('assets-src/share.svg');

const png = (svg, size) => sharp(svg, { density: 1200 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();

await writeFile(
  'public/apple-touch-icon.png',
  await sharp(icon, { density: 1200 }).resize(180, 180).flatten({ background: '#1d3bd8' }).png().toBuffer(),
);
await writeFile('public/icons/icon-192.png', await png(icon, 192));
await writeFile('public/icons/icon-512.png', await png(icon, 512));
await writeFile('public/og/shiftly-share.png', await sharp(share).png({ compressionLevel: 9, palette: true }).toBuffer());

// An .ico may wrap a PNG image directly: 6-byte header, one 16-byte directory entry, then the PNG.
const ico32 = await png(icon, 32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt8(0, 8);
header.writeUInt8(0, 9);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(ico32.length, 14);
header.writeUInt32LE(22, 18);
await writeFile('public/favicon.ico', Buffer.concat([header, ico32]));
console.log('icons written');
