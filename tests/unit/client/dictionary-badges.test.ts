import { describe, expect, it } from 'vitest';
import { daysSinceDisabled } from '../../../src/client/lib/days-since-disabled';
import { listenTone } from '../../../src/client/features/dictionary/lib/listen-badge';
import {
  mediaLibraryStyleKey,
  MEDIA_LIBRARY_STYLE_KEYS,
} from '../../../src/client/features/dictionary/lib/media-library-styles';
import { sentenceFontScale } from '../../../src/client/features/dictionary/lib/sentence-font-size';
import { mediaSource } from '../../../src/client/lib/media-source';

describe('listen-count badge colour', () => {
  const thresholds = { listenThresholdWarning: 20, listenThresholdSafe: 40 };

  it('is grey below warning, orange from warning, green from safe', () => {
    expect(listenTone(0, true, thresholds)).toBe('low');
    expect(listenTone(19, true, thresholds)).toBe('low');
    expect(listenTone(20, true, thresholds)).toBe('warning');
    expect(listenTone(39, true, thresholds)).toBe('warning');
    expect(listenTone(40, true, thresholds)).toBe('safe');
  });

  it('is red for a hidden word whatever its count', () => {
    expect(listenTone(0, false, thresholds)).toBe('hidden');
    expect(listenTone(100, false, thresholds)).toBe('hidden');
  });

  it('follows the learner thresholds, and the defaults 20 and 40 before they load', () => {
    expect(listenTone(15, true, { listenThresholdWarning: 10, listenThresholdSafe: 30 })).toBe('warning');
    expect(listenTone(19, true)).toBe('low');
    expect(listenTone(20, true)).toBe('warning');
    expect(listenTone(25, true)).toBe('warning');
    expect(listenTone(39, true)).toBe('warning');
    expect(listenTone(40, true)).toBe('safe');
    expect(listenTone(45, true)).toBe('safe');
  });
});

describe('days since a word was hidden', () => {
  const hiddenAt = '2025-03-10T12:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts whole days', () => {
    expect(daysSinceDisabled(hiddenAt, at('2025-03-10T18:00:00.000Z'))).toBe(0);
    expect(daysSinceDisabled(hiddenAt, at('2025-03-11T11:59:59.000Z'))).toBe(0);
    expect(daysSinceDisabled(hiddenAt, at('2025-03-11T12:00:00.000Z'))).toBe(1);
    expect(daysSinceDisabled(hiddenAt, at('2025-03-17T13:00:00.000Z'))).toBe(7);
  });

  it('is never negative and null without a readable date', () => {
    expect(daysSinceDisabled(hiddenAt, at('2025-03-09T00:00:00.000Z'))).toBe(0);
    expect(daysSinceDisabled(null, Date.now())).toBeNull();
    expect(daysSinceDisabled('not a date', Date.now())).toBeNull();
  });
});

describe('media library style labels', () => {
  it('has the 13 labels of the spec by id', () => {
    expect(Object.keys(MEDIA_LIBRARY_STYLE_KEYS)).toHaveLength(13);
    expect(mediaLibraryStyleKey(1)).toBe('realistic');
    expect(mediaLibraryStyleKey(13)).toBe('muted');
    expect(mediaLibraryStyleKey(14)).toBeNull();
    expect(mediaLibraryStyleKey(null)).toBeNull();
  });
});

describe('sentence font size', () => {
  it('reads the stored percentage and the named sizes', () => {
    expect(sentenceFontScale('100')).toBe(1);
    expect(sentenceFontScale('130')).toBeCloseTo(1.3);
    expect(sentenceFontScale('small')).toBe(0.875);
    expect(sentenceFontScale('very-large')).toBe(1.25);
    expect(sentenceFontScale(undefined)).toBe(1);
    expect(sentenceFontScale('odd')).toBe(1);
  });
});

describe('media sources', () => {
  it('keeps paths and data URLs, prefixes raw base64', () => {
    expect(mediaSource('/media/abc.webp', 'image')).toBe('/media/abc.webp');
    expect(mediaSource('data:image/png;base64,AAA', 'image')).toBe('data:image/png;base64,AAA');
    expect(mediaSource('https://cdn.example/x.jpg', 'image')).toBe('https://cdn.example/x.jpg');
    expect(mediaSource('SUQz', 'audio')).toBe('data:audio/mpeg;base64,SUQz');
    expect(mediaSource('/9j/4AAQ', 'image')).toBe('data:image/jpeg;base64,/9j/4AAQ');
    expect(mediaSource('//uQxAAA', 'audio')).toBe('data:audio/mpeg;base64,//uQxAAA');
    expect(mediaSource('  ', 'image')).toBeNull();
    expect(mediaSource(null, 'audio')).toBeNull();
  });
});
