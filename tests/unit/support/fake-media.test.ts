import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { crc32, renderImage } from '../../support/fake-providers/media';

describe('fake provider pictures', () => {
  it.each(['png', 'jpeg', 'webp'] as const)(
    'are real %s files that decoders read, different for every prompt',
    async (format) => {
      const first = await renderImage(1024, 1536, 'un perro en la playa #0', format);
      const second = await renderImage(1024, 1536, 'un gato en la casa #0', format);
      for (const image of [first, second]) {
        const metadata = await sharp(image).metadata();
        expect(metadata).toMatchObject({ format, width: 1024, height: 1536 });
        // Decoding every pixel fails on a damaged chunk or segment.
        const { info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
        expect(info.size).toBe(1024 * 1536 * info.channels);
      }
      expect(first.equals(second)).toBe(false);
      expect((await renderImage(1024, 1536, 'un perro en la playa #0', format)).equals(first)).toBe(true);
    },
  );

  it('carry the prompt in a PNG international text chunk whose checksum holds, as every other chunk', async () => {
    const image = await renderImage(64, 64, 'señal ✓', 'png');
    const chunks: Array<{ type: string; data: Buffer; isValid: boolean }> = [];
    for (let offset = 8; offset < image.length;) {
      const length = image.readUInt32BE(offset);
      const typeAndData = image.subarray(offset + 4, offset + 8 + length);
      chunks.push({
        type: typeAndData.subarray(0, 4).toString('latin1'),
        data: typeAndData.subarray(4),
        isValid: crc32(typeAndData) === image.readUInt32BE(offset + 8 + length),
      });
      offset += 12 + length;
    }
    expect(chunks.map((chunk) => chunk.type)).toEqual(
      expect.arrayContaining(['IHDR', 'IDAT', 'iTXt', 'IEND']),
    );
    expect(chunks.at(-1)?.type).toBe('IEND');
    expect(chunks.every((chunk) => chunk.isValid)).toBe(true);
    expect(chunks.find((chunk) => chunk.type === 'iTXt')?.data.toString('utf8')).toBe(
      'Comment\0\0\0\0\0señal ✓',
    );
  });
});
