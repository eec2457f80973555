import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaVariants } from '../../src/server/db/schema';
import { createMediaRepository } from '../../src/server/media/media.repository';
import { createMediaStore } from '../../src/server/media/media-store';
import {
  createPictureVariants,
  makeVariantWithSharp,
  type VariantMaker,
} from '../../src/server/media/picture-variants';
import { type TestApp, buildTestApp, registerUser, type TestUser } from '../support/build-test-app';
import { seedWords } from '../support/word-seeds';

/** docs/product/media.md#picture-variants */
let testApp: TestApp;
let owner: TestUser;
let stranger: TestUser;
/** The built-in picture of a word, as a learner without keys gets it (1024 px WebP). */
let builtinPicture: string;

const get = (user: TestUser | null, url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie, ...headers } : headers });

const shaOf = (path: string) => /^\/media\/([0-9a-f]{64})\./.exec(path)?.[1] ?? '';
const variantRows = (path: string) =>
  testApp.database.db
    .select()
    .from(mediaVariants)
    .where(eq(mediaVariants.sourceSha256, shaOf(path)));

/** A detailed photograph-like picture: many overlapping coloured discs, a deterministic pattern. */
async function detailedPhoto(width: number, height: number): Promise<Buffer> {
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const discs = Array.from({ length: 400 }, () => {
    const colour = `rgb(${Math.floor(next() * 255)},${Math.floor(next() * 255)},${Math.floor(next() * 255)})`;
    return `<circle cx="${next() * width}" cy="${next() * height}" r="${4 + next() * 60}" fill="${colour}" fill-opacity="0.7"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#345"/>${discs}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

async function storeFor(user: TestUser, data: Buffer, mimeType: 'image/jpeg' | 'image/png' | 'audio/mpeg') {
  return createMediaStore(createMediaRepository(testApp.database.db)).put(user.id, data, mimeType);
}

beforeAll(async () => {
  testApp = await buildTestApp();
  owner = await registerUser(testApp.app);
  stranger = await registerUser(testApp.app);
  const [wordId] = await seedWords(testApp.database.db, owner.id, [
    { spanish: 'el perro', russian: 'собака' },
  ]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/words/${wordId}/regenerate-image`,
    headers: { cookie: owner.cookie },
  });
  expect(response.statusCode).toBe(200);
  builtinPicture = response.json<{ imageUrl: string }>().imageUrl;
});
afterAll(() => testApp.close());

describe('width variants', () => {
  it('serves the thumbnail of a built-in picture 128 px wide and under 4 KB, cached like the original', async () => {
    const original = await get(owner, builtinPicture);
    expect(original.statusCode).toBe(200);
    expect((await sharp(original.rawPayload).metadata()).width).toBe(1024);

    const thumbnail = await get(owner, `${builtinPicture}?w=128`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.rawPayload.length).toBeLessThanOrEqual(4096);
    expect(thumbnail.rawPayload.length).toBeLessThan(original.rawPayload.length);
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(128);
    expect(thumbnail.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    // The variant is a media object of its own: its own hash names it.
    const [row] = await variantRows(builtinPicture);
    expect(row?.width).toBe(128);
    expect(thumbnail.headers.etag).toBe(`"${row?.variantSha256}"`);
    expect(thumbnail.headers.etag).not.toBe(original.headers.etag);
    expect(
      (await get(owner, `${builtinPicture}?w=128`, { 'if-none-match': thumbnail.headers.etag! })).statusCode,
    ).toBe(304);
  });

  it('shrinks a detailed photo to each width asked, the thumbnail still under 4 KB', async () => {
    const photo = await storeFor(owner, await detailedPhoto(1024, 768), 'image/jpeg');
    for (const width of [64, 128, 384, 768]) {
      const response = await get(owner, `${photo}?w=${width}`);
      expect(response.statusCode).toBe(200);
      const metadata = await sharp(response.rawPayload).metadata();
      expect({ width, got: metadata.width, height: metadata.height }).toEqual({
        width,
        got: width,
        height: Math.round((768 * width) / 1024),
      });
      if (width <= 128) expect(response.rawPayload.length).toBeLessThanOrEqual(4096);
    }
  });

  it('serves a picture already narrower than the width as it is, never a larger copy', async () => {
    const small = await storeFor(
      owner,
      await sharp(await detailedPhoto(100, 100))
        .png()
        .toBuffer(),
      'image/png',
    );
    const original = await get(owner, small);
    const asked = await get(owner, `${small}?w=256`);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toBe('image/png');
    expect(asked.rawPayload.equals(original.rawPayload)).toBe(true);
    expect(asked.headers.etag).toBe(`"${shaOf(small)}"`);
    // Remembered, so the next request does not look at the picture again.
    expect(await variantRows(small)).toEqual([
      expect.objectContaining({ width: 256, variantSha256: shaOf(small) }),
    ]);
  });

  it('serves a picture sharp cannot decode all the way as it is, and keeps it so', async () => {
    const whole = await detailedPhoto(800, 800);
    // A download cut short: the header reads, the pixels end early.
    const truncated = await storeFor(owner, whole.subarray(0, Math.floor(whole.length / 2)), 'image/jpeg');
    const original = await get(owner, truncated);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const asked = await get(owner, `${truncated}?w=256`);
      expect(asked.statusCode).toBe(200);
      expect(asked.headers['content-type']).toBe('image/jpeg');
      expect(asked.rawPayload.equals(original.rawPayload)).toBe(true);
    }
    expect(await variantRows(truncated)).toEqual([
      expect.objectContaining({ width: 256, variantSha256: shaOf(truncated) }),
    ]);
  });

  it('serves clips as they are when a width is asked', async () => {
    const clip = await storeFor(owner, Buffer.from('ID3 not really a clip'), 'audio/mpeg');
    const response = await get(owner, `${clip}?w=128`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(await variantRows(clip)).toEqual([]);
  });

  it('answers another learner 404, before and after the variant exists, like a missing picture', async () => {
    const photo = await storeFor(owner, await detailedPhoto(800, 800), 'image/jpeg');
    expect((await get(stranger, `${photo}?w=256`)).statusCode).toBe(404);
    expect(await variantRows(photo)).toEqual([]);
    expect((await get(owner, `${photo}?w=256`)).statusCode).toBe(200);
    expect((await get(stranger, `${photo}?w=256`)).statusCode).toBe(404);
    expect((await get(null, `${photo}?w=256`)).statusCode).toBe(401);
    // Nor is the variant reachable by its own name: only through a picture the learner may read.
    const [row] = await variantRows(photo);
    expect((await get(owner, `/media/${row?.variantSha256}.webp`)).statusCode).toBe(404);
    // The wrong extension for the original answers 404 like without a width.
    expect((await get(owner, `${photo.replace(/\.jpg$/, '.png')}?w=256`)).statusCode).toBe(404);
  });

  it('refuses a width outside the ladder', async () => {
    expect((await get(owner, `${builtinPicture}?w=100`)).statusCode).toBe(400);
    expect((await get(owner, `${builtinPicture}?w=abc`)).statusCode).toBe(400);
  });

  it('makes a variant once: concurrent first requests share one making, a later one reads the database', async () => {
    const photo = await storeFor(owner, await detailedPhoto(1024, 1024), 'image/jpeg');
    const repository = createMediaRepository(testApp.database.db);
    let makings = 0;
    const counting: VariantMaker = (picture, width) => {
      makings += 1;
      return makeVariantWithSharp(picture, width);
    };
    const variants = createPictureVariants({ repository, makeVariant: counting });
    const sha256 = shaOf(photo);
    const served = await Promise.all(Array.from({ length: 6 }, () => variants.read(sha256, 512, owner.id)));
    expect(makings).toBe(1);
    expect(new Set(served.map((media) => media?.sha256)).size).toBe(1);
    expect(await variantRows(photo)).toHaveLength(1);

    // Another instance (or this one after a restart) reads what was kept.
    const later = createPictureVariants({ repository, makeVariant: counting });
    const again = await later.read(sha256, 512, owner.id);
    expect(makings).toBe(1);
    expect(again?.data.equals(served[0]!.data)).toBe(true);
    expect(await later.read(sha256, 512, stranger.id)).toBeUndefined();
  });

  it('makes it once through the route too', async () => {
    const photo = await storeFor(owner, await detailedPhoto(1000, 1000), 'image/jpeg');
    const responses = await Promise.all(Array.from({ length: 4 }, () => get(owner, `${photo}?w=768`)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(responses.map((response) => response.headers.etag)).size).toBe(1);
    expect(await variantRows(photo)).toHaveLength(1);
  });
});
