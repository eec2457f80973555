import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createBuiltinImages } from '../../../src/server/providers/builtin-images/builtin-images.provider';
import {
  composePictureSvg,
  relativeLuminance,
  renderEmojiPicture,
} from '../../../src/server/providers/builtin-images/emoji-renderer';
import {
  IMAGE_DIMENSIONS,
  resolveImageStyle,
  stylePrompt,
  type ImageFormat,
  type ImageStyle,
} from '../../../src/shared/catalogs/image-styles';

const provider = createBuiltinImages();
const FORMATS: readonly ImageFormat[] = ['square', 'landscape', 'portrait'];
const realistic = resolveImageStyle('realistic');
const gothic = resolveImageStyle('gothic');

async function draw(spanish: string, style: ImageStyle = realistic, format: ImageFormat = 'square') {
  return provider.generate({
    subject: { spanish },
    prompt: stylePrompt(style, spanish),
    style,
    format,
  });
}

/** Mean colour of a square patch centred at (x, y), as fractions of the picture's size. */
async function patchMean(image: Buffer, x: number, y: number, size = 0.06) {
  const { width, height } = await sharp(image).metadata();
  const side = Math.round(Math.min(width, height) * size);
  const left = Math.min(width - side, Math.max(0, Math.round(width * x - side / 2)));
  const top = Math.min(height - side, Math.max(0, Math.round(height * y - side / 2)));
  // Decoded to raw pixels first: sharp's stats() describe the whole input, whatever the pipeline.
  const { data, info } = await sharp(image)
    .extract({ left, top, width: side, height: side })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sums = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) {
    for (let channel = 0; channel < 3; channel += 1)
      sums[channel] = (sums[channel] ?? 0) + (data[i + channel] ?? 0);
  }
  const pixels = data.length / info.channels;
  return sums.map((sum) => sum / pixels);
}

const distance = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(...a.map((value, i) => value - (b[i] ?? 0)));

/** Rec. 709 luma of a mean colour, 0–255. */
const luma = ([r = 0, g = 0, b = 0]: readonly number[]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

describe('createBuiltinImages', () => {
  it('is the built-in provider', () => {
    expect(provider.provider).toBe('builtin');
  });

  it.each(FORMATS)('draws a %s WebP at the format’s full size', async (format) => {
    const { image, mimeType } = await draw('el perro', realistic, format);
    expect(mimeType).toBe('image/webp');
    const metadata = await sharp(image).metadata();
    expect(metadata.format).toBe('webp');
    expect({ width: metadata.width, height: metadata.height }).toEqual(IMAGE_DIMENSIONS[format]);
  });

  it.each(FORMATS)('draws the emoji in the middle of a %s picture, not a flat colour', async (format) => {
    const { image } = await draw('la guitarra', realistic, format);
    const stats = await sharp(image).stats();
    expect(stats.isOpaque).toBe(true);
    expect(Math.max(...stats.channels.slice(0, 3).map((channel) => channel.stdev))).toBeGreaterThan(15);
    // The guitar's red body sits around the centre; the corner is plain gradient.
    const corner = await patchMean(image, 0.03, 0.03);
    const centre = await patchMean(image, 0.5, 0.5, 0.3);
    expect(distance(corner, centre)).toBeGreaterThan(25);
    // The same picture with nothing in the emoji's place: the centre must differ from it, not just the corner.
    const empty = await renderEmojiPicture({
      emojiSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"></svg>',
      palette: realistic.palette,
      ...IMAGE_DIMENSIONS[format],
    });
    expect(distance(centre, await patchMean(empty, 0.5, 0.5, 0.3))).toBeGreaterThan(25);
    expect(distance(corner, await patchMean(empty, 0.03, 0.03))).toBeLessThan(3);
  });

  it('draws different emoji for different words on the same background', async () => {
    const [dog, guitar] = await Promise.all([draw('el perro'), draw('la guitarra')]);
    expect(
      distance(await patchMean(dog.image, 0.5, 0.5, 0.4), await patchMean(guitar.image, 0.5, 0.5, 0.4)),
    ).toBeGreaterThan(15);
    expect(
      distance(await patchMean(dog.image, 0.03, 0.03), await patchMean(guitar.image, 0.03, 0.03)),
    ).toBeLessThan(3);
  });

  it('colours the background by style', async () => {
    const [light, dark] = await Promise.all([draw('el gato', realistic), draw('el gato', gothic)]);
    for (const [x, y] of [
      [0.03, 0.03],
      [0.97, 0.97],
    ] as const) {
      expect(distance(await patchMean(light.image, x, y), await patchMean(dark.image, x, y))).toBeGreaterThan(
        60,
      );
    }
    // The gradient runs from the palette's first colour to its second.
    expect(distance(await patchMean(dark.image, 0.02, 0.02, 0.03), [0x1e, 0x1b, 0x4b])).toBeLessThan(25);
    expect(distance(await patchMean(dark.image, 0.98, 0.98, 0.03), [0x4c, 0x1d, 0x95])).toBeLessThan(25);
  });

  it.each(['gothic', 'noir', 'cyberpunk'])('lights the emoji up on the dark %s palette', async (key) => {
    const style = resolveImageStyle(key);
    expect(relativeLuminance(style.palette[0])).toBeLessThan(0.1);
    const { image } = await draw('el perro', style);
    // Just inside the halo, above the dog: bright, where the corner is dark.
    expect(
      luma(await patchMean(image, 0.5, 0.17, 0.04)) - luma(await patchMean(image, 0.03, 0.03)),
    ).toBeGreaterThan(100);
  });

  it('draws a fallback picture for a word nothing matches', async () => {
    const { image } = await draw('xyzzy qwerty');
    const metadata = await sharp(image).metadata();
    expect(metadata.format).toBe('webp');
    const corner = await patchMean(image, 0.03, 0.03);
    expect(distance(corner, await patchMean(image, 0.5, 0.5, 0.3))).toBeGreaterThan(25);
  });

  it('stops before drawing when the request is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(
      provider.generate({
        subject: { spanish: 'el perro' },
        prompt: '',
        style: realistic,
        format: 'square',
        signal: controller.signal,
      }),
    ).rejects.toThrow('cancelled');
  });

  it('reports a broken palette as nothing worse than a grey background', () => {
    const svg = composePictureSvg({
      emojiSvg:
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><circle cx="18" cy="18" r="9"/></svg>',
      palette: ['"/><script>', 'red'],
      width: 64,
      height: 64,
    });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('#888888');
  });
});

describe('the built-in pictures’ cache', () => {
  function counted(cacheSize?: number) {
    const rendered: string[] = [];
    const images = createBuiltinImages({
      cacheSize,
      render: async (spec) => {
        rendered.push(`${spec.palette.join(',')} ${spec.width}x${spec.height}`);
        return renderEmojiPicture(spec);
      },
    });
    const drawWith = (spanish: string, style: ImageStyle = realistic, format: ImageFormat = 'square') =>
      images.generate({ subject: { spanish }, prompt: stylePrompt(style, spanish), style, format });
    return { rendered, drawWith };
  }

  it('draws an emoji once per style and format, and answers the same picture after', async () => {
    const h = counted();
    const [first, again] = await Promise.all([h.drawWith('el perro'), h.drawWith('el perro')]);
    expect(again.image.equals(first.image)).toBe(true);
    expect(h.rendered).toHaveLength(1);
    await h.drawWith('el perro', gothic);
    await h.drawWith('el perro', realistic, 'landscape');
    expect(h.rendered).toHaveLength(3);
    expect((await h.drawWith('el perro')).image.equals(first.image)).toBe(true);
    expect(h.rendered).toHaveLength(3);
  });

  it('keeps a bounded number of pictures, the least recently used leaving first', async () => {
    const h = counted(2);
    await h.drawWith('el perro');
    await h.drawWith('el perro', gothic);
    await h.drawWith('el perro');
    await h.drawWith('el perro', realistic, 'portrait');
    expect(h.rendered).toHaveLength(3);
    // The realistic square one was used last before the portrait: it stayed; gothic left.
    await h.drawWith('el perro');
    expect(h.rendered).toHaveLength(3);
    await h.drawWith('el perro', gothic);
    expect(h.rendered).toHaveLength(4);
  });

  it('does not keep a drawing that failed', async () => {
    let fails = true;
    const images = createBuiltinImages({
      render: async (spec) => {
        if (fails) throw new Error('out of memory');
        return renderEmojiPicture(spec);
      },
    });
    const request = {
      subject: { spanish: 'el gato' },
      prompt: 'x',
      style: realistic,
      format: 'square' as const,
    };
    await expect(images.generate(request)).rejects.toThrow();
    fails = false;
    expect((await images.generate(request)).image.length).toBeGreaterThan(0);
  });
});
