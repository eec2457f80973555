import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { classifyAddress, refusalOf } from '../../../src/server/providers/http/address-guard';
import { createCircuitBreaker } from '../../../src/server/providers/http/circuit-breaker';
import { checkAudio, checkImage, sniffAudio } from '../../../src/server/providers/http/media-check';
import { isCircuitOpen, ProviderError } from '../../../src/server/providers/provider-error';
import { encodeMp3 } from '../../../src/server/providers/builtin-speech/mp3-encoder';
import { synthesiseMp3, synthesiseWav } from '../../support/fake-providers/media';
import { createFastBuiltinSpeech } from '../../support/fast-builtin-speech';

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

/** Seven bits a byte, as an ID3v2 header's size is written. */
const synchsafe = (size: number) =>
  Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);

/**
 * An ID3v2 tag as taggers write one: a title frame, then `padding` zero bytes, all counted in the header's
 * size; version 4 with `footer` adds the footer ('3DI', the header repeated) after the size.
 */
function id3Tag(options: { version: 3 | 4; padding: number; footer?: boolean }): Buffer {
  const title = Buffer.from('\x03perro ladrando', 'latin1');
  const frameSize = options.version === 4 ? synchsafe(title.length) : Buffer.alloc(4);
  if (options.version === 3) frameSize.writeUInt32BE(title.length);
  const body = Buffer.concat([
    Buffer.from('TIT2', 'latin1'),
    frameSize,
    Buffer.alloc(2),
    title,
    Buffer.alloc(options.padding),
  ]);
  const flags = options.footer ? 0x10 : 0;
  const header = (magic: string) =>
    Buffer.concat([
      Buffer.from(magic, 'latin1'),
      Buffer.from([options.version, 0, flags]),
      synchsafe(body.length),
    ]);
  return Buffer.concat([header('ID3'), body, options.footer ? header('3DI') : Buffer.alloc(0)]);
}

describe('an ID3v2 tag (docs/product/providers.md#media-checks)', () => {
  const lame = synthesiseMp3('hola', { sampleRate: 24000, kbps: 64 });

  it('is MP3 when a real MPEG audio frame starts where the tag’s size ends', async () => {
    // The clips the built-in voice's encoder and the test double make (a TXXX frame before LAME frames).
    const builtin = await encodeMp3(new Int16Array(576 * 8), 22_050);
    const { audio: double } = await createFastBuiltinSpeech().synthesize({
      text: 'El perro come.',
      voiceId: 'builtin:es-ES-m3',
      language: 'es-ES',
      speed: 1,
    });
    expect(double.subarray(0, 3).toString('latin1')).toBe('ID3');
    expect(sniffAudio(double)).toBe('audio/mpeg');
    for (const frames of [lame, builtin]) {
      expect(sniffAudio(frames)).toBe('audio/mpeg');
      expect(sniffAudio(Buffer.concat([id3Tag({ version: 3, padding: 1024 }), frames]))).toBe('audio/mpeg');
      expect(sniffAudio(Buffer.concat([id3Tag({ version: 4, padding: 0 }), frames]))).toBe('audio/mpeg');
      expect(sniffAudio(Buffer.concat([id3Tag({ version: 4, padding: 7, footer: true }), frames]))).toBe(
        'audio/mpeg',
      );
    }
    expect(checkAudio('elevenlabs', double, ['audio/mpeg']).mimeType).toBe('audio/mpeg');
  });

  it('is not audio when anything but an MPEG audio frame follows it', () => {
    const empty = Buffer.from('ID3\x04\0\0\0\0\0\0', 'latin1');
    for (const bytes of [
      Buffer.from('ID3{"error":{"message":"Bad gateway"}}'),
      Buffer.concat([empty, jsonError]),
      Buffer.concat([id3Tag({ version: 3, padding: 16 }), jsonError]),
      Buffer.concat([empty, synthesiseWav('hola', 24000)]),
      // A tag alone, or one whose size reaches past the bytes there are.
      empty,
      id3Tag({ version: 4, padding: 0 }),
      Buffer.concat([id3Tag({ version: 3, padding: 0 }).subarray(0, 6), synchsafe(5000), lame]),
      // A frame off by one byte from where the size says the audio starts, either way.
      Buffer.concat([id3Tag({ version: 3, padding: 0 }), Buffer.alloc(1), lame]),
      Buffer.concat([id3Tag({ version: 3, padding: 1 }).subarray(0, -2), lame]),
      // A footer announced by the flags that is not there.
      Buffer.concat([id3Tag({ version: 4, padding: 0 }).fill(0x10, 5, 6), lame]),
      // Zero bytes past the size are no part of the tag: encoders put the first frame right there.
      Buffer.concat([id3Tag({ version: 3, padding: 0 }), Buffer.alloc(4), lame]),
    ]) {
      expect(sniffAudio(bytes)).toBeUndefined();
      expect(() => checkAudio('openai', bytes, ['audio/mpeg'])).toThrow(
        expect.objectContaining({ code: 'provider_bad_output' }),
      );
    }
  });

  it('is not audio when its header is malformed', () => {
    const tag = id3Tag({ version: 3, padding: 0 });
    const withByte = (at: number, value: number) => {
      const copy = Buffer.concat([tag, lame]);
      copy[at] = value;
      return copy;
    };
    expect(sniffAudio(Buffer.concat([tag, lame]))).toBe('audio/mpeg');
    // Versions 2 to 4 only; never a revision of 0xFF.
    for (const version of [0, 1, 5, 0xff]) expect(sniffAudio(withByte(3, version))).toBeUndefined();
    expect(sniffAudio(withByte(4, 0xff))).toBeUndefined();
    // A flag version 3 leaves undefined (a footer is version 4's alone).
    expect(sniffAudio(withByte(5, 0x10))).toBeUndefined();
    expect(sniffAudio(withByte(5, 0x01))).toBeUndefined();
    // A size byte with its top bit set is not synchsafe.
    for (const at of [6, 7, 8, 9]) expect(sniffAudio(withByte(at, 0x80))).toBeUndefined();
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
