// A contact sheet of the top 720 px of several screenshots, two per row.
import sharp from 'sharp';
const [out, height, ...files] = process.argv.slice(2);
const H = Number(height);
const tiles = await Promise.all(files.map(async (f) => {
  const meta = await sharp(f).metadata();
  return sharp(f).extract({ left: 0, top: 0, width: meta.width, height: Math.min(H, meta.height) }).resize({ width: 640 }).png().toBuffer();
}));
const heights = await Promise.all(tiles.map(async (t) => (await sharp(t).metadata()).height));
const rowH = Math.max(...heights);
const cols = 2, rows = Math.ceil(tiles.length / cols);
await sharp({ create: { width: cols * 650, height: rows * (rowH + 10), channels: 3, background: '#888' } })
  .composite(tiles.map((t, i) => ({ input: t, left: (i % cols) * 650, top: Math.floor(i / cols) * (rowH + 10) })))
  .png().toFile(out);
