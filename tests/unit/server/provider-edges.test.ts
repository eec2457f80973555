import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { classifyAddress, refusalOf } from '../../../src/server/providers/http/address-guard';
import { createCircuitBreaker } from '../../../src/server/providers/http/circuit-breaker';
import { checkAudio, checkImage, sniffAudio } from '../../../src/server/providers/http/media-check';
import { isCircuitOpen, ProviderError } from '../../../src/server/providers/provider-error';
import { synthesiseMp3, synthesiseWav } from '../../support/fake-providers/media';

const oggPage = Buffer.concat([Buffer.from('OggS\0\x02', 'latin1'), Buffer.alloc(40)]);
const jsonError = Buffer.from(JSON.stringify({ error: { message: 'Bad gateway' } }));

describe('media checks', () => {
  it('tells MP3, WAV and Ogg apart by their first bytes', () => {
    const mp3 = synthesiseMp3('hola', { sampleRate: 24000, kbps: 64 });
    expect(sniffAudio(mp3)).toBe('audio/mpeg');
    expect(sniffAudio(Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\0', 'latin1'), mp3]))).toBe('audio/mpeg');
    expect(sniffAudio(synthesiseWav('hola', 24000))).toBe('audio/wav');
    expect(sniffAudio(oggPage)).toBe('audio/ogg');
    expect(sniffAudio(jsonError)).toBeUndefined();
    expect(sniffAudio(Buffer.from('<!DOCTYPE html>'))).toBeUndefined();
    // Frame sync alone is not MP3: a UTF-16 JSON error (byte-order mark FF FE) and ADTS AAC (FF F1).
    expect(sniffAudio(Buffer.from('\uFEFF{"error":"x"}', 'utf16le'))).toBeUndefined();
    expect(sniffAudio(Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x00, 0x1f, 0xfc]))).toBeUndefined();
  });

  it('keeps an MP3 and refuses JSON, an empty body and a WAV where MP3 was asked', () => {
    const mp3 = synthesiseMp3('hola', { sampleRate: 24000, kbps: 64 });
    expect(checkAudio('openai', mp3, ['audio/mpeg'])).toEqual({ audio: mp3, mimeType: 'audio/mpeg' });
    for (const bytes of [jsonError, Buffer.alloc(0), synthesiseWav('hola', 24000), oggPage]) {
      expect(() => checkAudio('elevenlabs', bytes, ['audio/mpeg'])).toThrow(
        expect.objectContaining({ code: 'provider_bad_output', provider: 'elevenlabs' }),
      );
    }
  });

  it('labels a picture by what its bytes are and refuses what does not decode', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } });
    const png = await base.clone().png().toBuffer();
    const jpeg = await base.clone().jpeg().toBuffer();
    const webp = await base.clone().webp().toBuffer();
    await expect(checkImage('openai', png)).resolves.toEqual({ image: png, mimeType: 'image/png' });
    await expect(checkImage('leonardo', jpeg)).resolves.toMatchObject({ mimeType: 'image/jpeg' });
    await expect(checkImage('leonardo', webp)).resolves.toMatchObject({ mimeType: 'image/webp' });

    const badOutput = { code: 'provider_bad_output', name: 'ProviderError' };
    await expect(checkImage('openai', jsonError)).rejects.toMatchObject(badOutput);
    await expect(checkImage('openai', Buffer.alloc(0))).rejects.toMatchObject(badOutput);
    // Right signature, corrupt or cut-short content: only decoding finds out.
    const garbage = Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]);
    await expect(checkImage('openai', garbage)).rejects.toMatchObject(badOutput);
    await expect(checkImage('openai', jpeg.subarray(0, Math.floor(jpeg.length / 2)))).rejects.toMatchObject(
      badOutput,
    );
  });

  it('refuses a picture whose size would take the server’s memory, before decoding it', async () => {
    // A few KB of PNG that would decode to 10000×10000 pixels (300 MB of raw pixels).
    const huge = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    await expect(checkImage('openai', huge)).rejects.toMatchObject({ code: 'provider_bad_output' });
  });
});

describe('endpoint addresses', () => {
  it.each([
    ['169.254.169.254', 'link_local'],
    ['fe80::1', 'link_local'],
    ['fd00:ec2::254', 'link_local'],
    ['::ffff:169.254.169.254', 'link_local'],
    ['::ffff:a9fe:a9fe', 'link_local'],
    ['[::ffff:169.254.169.254]', 'link_local'],
    ['64:ff9b::a9fe:a9fe', 'link_local'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.20', 'private'],
    ['100.64.0.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:10.1.2.3', 'private'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['ff02::1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['2606:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('refuses link-local always, private and loopback unless the operator allows them', () => {
    expect(refusalOf('169.254.169.254', { allowPrivate: true })).toBe('link_local');
    expect(refusalOf('fd00:ec2::254', { allowPrivate: true })).toBe('link_local');
    expect(refusalOf('fd00:ec2::1', { allowPrivate: true })).toBeUndefined();
    expect(refusalOf('10.0.0.5', { allowPrivate: true })).toBeUndefined();
    expect(refusalOf('10.0.0.5', { allowPrivate: false })).toBe('private');
    expect(refusalOf('::1', { allowPrivate: false })).toBe('loopback');
    expect(refusalOf('8.8.8.8', { allowPrivate: false })).toBeUndefined();
  });
});

describe('circuit breaker', () => {
  const timeout = () =>
    new ProviderError('provider_unavailable', 'openai', 'no answer', { transport: 'timeout' });

  it('opens after three calls without an answer in a row; any answer resets the count', async () => {
    const breaker = createCircuitBreaker('openai');
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(timeout());
    };
    for (let i = 0; i < 2; i += 1)
      await expect(breaker.run(failing)).rejects.toMatchObject({ transport: 'timeout' });
    // A refusal is an answer: the provider is there.
    await expect(
      breaker.run(() => Promise.reject(new ProviderError('provider_rejected', 'openai', '400'))),
    ).rejects.toMatchObject({ code: 'provider_rejected' });
    for (let i = 0; i < 2; i += 1)
      await expect(breaker.run(failing)).rejects.toMatchObject({ transport: 'timeout' });
    await expect(breaker.run(() => Promise.resolve('ok'))).resolves.toBe('ok');
    for (let i = 0; i < 3; i += 1)
      await expect(breaker.run(failing)).rejects.toMatchObject({ transport: 'timeout' });
    expect(calls).toBe(7);

    const refused = await breaker.run(failing).catch((error: unknown) => error);
    expect(isCircuitOpen(refused)).toBe(true);
    expect(refused).toMatchObject({ code: 'provider_unavailable', provider: 'openai' });
    expect(calls).toBe(7);
    expect(isCircuitOpen(timeout())).toBe(false);
    expect(isCircuitOpen(new Error('x'))).toBe(false);
  });
});
