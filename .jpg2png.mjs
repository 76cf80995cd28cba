import sharp from 'sharp';
await sharp(process.argv[2]).png().toFile(process.argv[3]);
