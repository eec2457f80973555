import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressBody, preferredEncoding } from '../../../src/server/http/content-encoding';

describe('preferred encoding', () => {
  it('takes brotli over gzip, gzip alone, and nothing without a header', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
  });

  it('follows the weights: q=0 refuses, a higher weight wins, * covers the rest', () => {
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('GZIP;Q=1, BR;Q=1')).toBe('br');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
  });
});

describe('compressBody', () => {
  it('round-trips in both encodings and shrinks repetitive JSON', async () => {
    const body = Buffer.from(
      JSON.stringify(Array.from({ length: 500 }, (_, id) => ({ id, spanish: 'palabra' }))),
    );
    const brotli = await compressBody(body, 'br');
    const gzipped = await compressBody(body, 'gzip');
    expect(brotliDecompressSync(brotli).equals(body)).toBe(true);
    expect(gunzipSync(gzipped).equals(body)).toBe(true);
    expect(brotli.length).toBeLessThan(body.length / 5);
  });
});
