import { describe, expect, it } from 'vitest';
import { PICTURE_WIDTHS } from '../../../src/shared/api/media';
import {
  pictureSlot,
  pictureSource,
  pictureWidth,
  type PictureContext,
  type PictureScreen,
} from '../../../src/client/lib/picture-source';

/** docs/product/media.md#which-width-each-place-asks-for */
const phone: PictureScreen = { width: 390, height: 844, devicePixelRatio: 3 };
const laptop: PictureScreen = { width: 1440, height: 900, devicePixelRatio: 2 };
const desktop: PictureScreen = { width: 1920, height: 1080, devicePixelRatio: 1 };
const stored = `/media/${'a'.repeat(64)}.webp`;

const width = (context: PictureContext, screen: PictureScreen, isLowQuality: boolean) =>
  pictureWidth(context, { isLowQuality, screen });

describe('picture width per place', () => {
  it('gives each place its own width at the screen density, counted at most 2', () => {
    expect(width('thumbnail', desktop, false)).toBe(64);
    expect(width('thumbnail', phone, false)).toBe(128);
    expect(width('card', laptop, false)).toBe(768);
    expect(width('card', desktop, false)).toBe(384);
    // 844 CSS px × 2 = 1688: the next ladder width.
    expect(width('fullscreen', phone, false)).toBe(2048);
    expect(width('fullscreen', desktop, false)).toBe(2048);
    // A slot wider than the ladder asks for the original.
    expect(width('fullscreen', laptop, false)).toBeUndefined();
  });

  it('takes the smaller variant with lowQualityImages, never one narrower than the slot', () => {
    expect(width('thumbnail', phone, true)).toBe(64);
    expect(width('card', phone, true)).toBe(384);
    expect(width('fullscreen', phone, true)).toBe(1024);
    expect(width('fullscreen', laptop, true)).toBe(1536);
    for (const screen of [phone, laptop, desktop, { width: 320, height: 568, devicePixelRatio: 1 }]) {
      for (const context of ['thumbnail', 'card', 'fullscreen'] as const) {
        const light = width(context, screen, true);
        const full = width(context, screen, false);
        expect(light ?? Infinity).toBeGreaterThanOrEqual(pictureSlot(context, screen));
        expect(light ?? Infinity).toBeLessThanOrEqual(full ?? Infinity);
      }
    }
  });

  it('treats a missing or fractional density sensibly', () => {
    expect(width('thumbnail', { ...desktop, devicePixelRatio: 0 }, false)).toBe(64);
    expect(width('thumbnail', { ...desktop, devicePixelRatio: 0.5 }, false)).toBe(64);
    expect(width('thumbnail', { ...desktop, devicePixelRatio: 1.5 }, false)).toBe(128);
    expect(PICTURE_WIDTHS).toContain(width('card', { ...desktop, devicePixelRatio: 1.25 }, false));
  });
});

describe('picture source', () => {
  const options = { isLowQuality: false, screen: phone };

  it('asks for a stored picture at the place width', () => {
    expect(pictureSource(stored, 'thumbnail', options)).toBe(`${stored}?w=128`);
    expect(pictureSource(stored, 'thumbnail', { ...options, isLowQuality: true })).toBe(`${stored}?w=64`);
    expect(pictureSource(`/media/${'b'.repeat(64)}.jpg`, 'card', options)).toBe(
      `/media/${'b'.repeat(64)}.jpg?w=768`,
    );
    expect(pictureSource(stored, 'fullscreen', { isLowQuality: false, screen: laptop })).toBe(stored);
  });

  it('keeps data: URLs, external links and SVG as they are, and makes raw base64 a data: URL', () => {
    expect(pictureSource('data:image/png;base64,iVBOR', 'thumbnail', options)).toBe(
      'data:image/png;base64,iVBOR',
    );
    expect(pictureSource('https://example.com/a.jpg', 'thumbnail', options)).toBe(
      'https://example.com/a.jpg',
    );
    const svg = `/media/${'c'.repeat(64)}.svg`;
    expect(pictureSource(svg, 'thumbnail', options)).toBe(svg);
    expect(pictureSource('/9j/4AAQSkZJRg', 'thumbnail', options)).toBe(
      'data:image/jpeg;base64,/9j/4AAQSkZJRg',
    );
    expect(pictureSource(null, 'card', options)).toBeNull();
    expect(pictureSource('  ', 'card', options)).toBeNull();
  });
});
