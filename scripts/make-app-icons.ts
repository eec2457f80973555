/**
 * Draws the app's icons once (docs/product/overview.md#installing-the-app): the 📚 emoji of the built-in
 * pictures on the default navy scheme, as PNG at the sizes a home screen asks for. The PNGs are committed;
 * run `tsx scripts/make-app-icons.ts` again only to change the icon.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { composePictureSvg } from '../src/server/providers/builtin-images/emoji-renderer';

const require = createRequire(import.meta.url);
const emojiSvg = await readFile(require.resolve('@twemoji/svg/1f4da.svg'), 'utf8');
const outDir = path.join(import.meta.dirname, '../src/client/public/icons');

// The emoji fills about 60% of the square, inside the circle a maskable icon keeps on every launcher.
for (const [name, size] of [
  ['icon-192.png', 192],
  ['icon-512.png', 512],
  ['apple-touch-icon.png', 180],
  // The tab's icon: a browser fetches it with the page, so it is the small one (1 KB, not the 192 px 5 KB).
  ['favicon-32.png', 32],
] as const) {
  const svg = composePictureSvg({ emojiSvg, palette: ['#2a3c74', '#121a36'], width: size, height: size });
  // A 256-colour palette: the 192 px icon a browser fetches with the manifest on every page load is 5 KB,
  // not 24 KB, and the gradient and the glow look the same.
  await writeFile(
    path.join(outDir, name),
    await sharp(Buffer.from(svg))
      .png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 })
      .toBuffer(),
  );
}
