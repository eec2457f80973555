import { describe, expect, it } from 'vitest';
import type { WordListItem } from '../../../src/shared/api/words';
import { isKeyForPlayer } from '../../../src/client/features/learn/hooks/learn-keyboard.hook';
import { NOT_FOR_PLAYER } from '../../../src/client/lib/player-key-target';
import {
  cardFontSizes,
  cardLines,
  cardSegments,
  displayText,
  stepFontScale,
} from '../../../src/client/features/learn/lib/card-text';
import { buildLearnList } from '../../../src/client/features/learn/lib/learn-list';
import { afterCardPlayed, formatElapsed } from '../../../src/client/features/learn/lib/listen-progress';
import { listedWord } from '../../support/client/word-fixtures';

let nextId = 1;
const item = (spanish: string, overrides: Partial<WordListItem> = {}): WordListItem =>
  listedWord(nextId++, spanish, `ru-${spanish}`, { createdAt: '2026-11-01T00:00:00.000Z', ...overrides });

describe('learn list', () => {
  const perro = item('perro', { attempts: 5 });
  const gato = item('gato', { attempts: 1 });
  const casa = item('casa', { isHidden: true });
  const retired = item('árbol', { isActive: false, attempts: 60, disabledAt: '2026-11-20T00:00:00.000Z' });
  const sol = item('sol', { attempts: 1 });

  it('takes active, non-hidden words plus the due spaced-repetition words, each once, in server order', () => {
    const list = buildLearnList([perro, gato, casa, retired, sol], [retired, gato], false);
    expect(list.map((word) => word.spanish)).toEqual(['perro', 'gato', 'sol', 'árbol']);
    expect(list.map((word) => word.isSpacedRepetitionDue)).toEqual([false, true, false, true]);
  });

  it('sorts by listens ascending when asked, keeping the order of equal counts', () => {
    const list = buildLearnList([perro, gato, sol, retired], [retired], true);
    expect(list.map((word) => word.spanish)).toEqual(['gato', 'sol', 'perro', 'árbol']);
  });

  it('leaves out active words mastered in review, but never a due spaced-repetition word', () => {
    const list = buildLearnList(
      [perro, gato, sol, retired],
      [retired],
      false,
      new Set([gato.id, retired.id]),
    );
    expect(list.map((word) => word.spanish)).toEqual(['perro', 'sol', 'árbol']);
  });
});

describe('card text', () => {
  it('strips emoji everywhere and trailing dots from the Spanish only', () => {
    expect(displayText('Hola... 👋')).toBe('Hola');
    expect(displayText('Привет… 👋', 'ru')).toBe('Привет…');
  });

  it('marks ** ** words, and otherwise the highlighted form by its stem', () => {
    expect(cardSegments('Yo **hablo** mucho.', null)).toEqual([
      { text: 'Yo ', isMatch: false },
      { text: 'hablo', isMatch: true },
      { text: ' mucho', isMatch: false },
    ]);
    expect(cardSegments('Nosotros hablamos', 'hablar').filter((s) => s.isMatch)).toEqual([
      { text: 'hablamos', isMatch: true },
    ]);
    expect(cardSegments('Я читаю книгу', 'книга', 'ru').filter((s) => s.isMatch)).toEqual([
      { text: 'книгу', isMatch: true },
    ]);
  });

  it('shows a stray marker as plain text', () => {
    expect(cardSegments('Un **perro', null)).toEqual([{ text: 'Un perro', isMatch: false }]);
  });

  const word = {
    spanish: 'el perro',
    russian: 'собака',
    example: 'El **perro** corre.',
    exampleTranslation: 'Собака бежит.',
    highlightedSpanishWord: 'perro',
    highlightedRussianWord: 'собака',
  };
  const allOn = {
    showSpanishSubtitles: true,
    showSpanishSentences: true,
    showTranslations: true,
    showWordTranslations: true,
    showPhraseTranslations: true,
  };
  const text = (segments: readonly { text: string }[] | null) =>
    segments?.map((s) => s.text).join('') ?? null;

  it('shows the sentence and its translation, with the word pair under them', () => {
    const lines = cardLines(word, allOn);
    expect(text(lines.spanish)).toBe('El perro corre');
    expect(text(lines.russian)).toBe('Собака бежит.');
    expect(lines.wordPair).toBe('el perro — собака');
  });

  it('respects each display setting', () => {
    expect(text(cardLines(word, { ...allOn, showSpanishSentences: false }).spanish)).toBe('el perro');
    expect(cardLines(word, { ...allOn, showSpanishSentences: false }).wordPair).toBeNull();
    expect(cardLines(word, { ...allOn, showTranslations: false }).russian).toBeNull();
    expect(cardLines(word, { ...allOn, showWordTranslations: false }).wordPair).toBeNull();
    expect(cardLines(word, { ...allOn, showSpanishSubtitles: false }).spanish).toBeNull();
    expect(text(cardLines({ ...word, example: null }, allOn).spanish)).toBe('el perro');
  });

  it('hides only a sentence’s translation when phrase translations are off, keeping the word pair', () => {
    const phraseOff = { ...allOn, showPhraseTranslations: false };
    const lines = cardLines(word, phraseOff);
    expect(text(lines.spanish)).toBe('El perro corre');
    expect(lines.russian).toBeNull();
    expect(lines.wordPair).toBe('el perro — собака');
    // A card of the word itself (no sentence, or sentences off) still shows the word's translation.
    expect(text(cardLines({ ...word, example: null }, phraseOff).russian)).toBe('собака');
    expect(text(cardLines(word, { ...phraseOff, showSpanishSentences: false }).russian)).toBe('собака');
  });

  it('steps the font scale by 10 between 60 and 150; Russian is 10 points smaller', () => {
    expect(stepFontScale(100, 1)).toBe(110);
    expect(stepFontScale(150, 1)).toBe(150);
    expect(stepFontScale(60, -1)).toBe(60);
    expect(stepFontScale(65, -1)).toBe(60);
    const sizes = cardFontSizes(100);
    expect(sizes.spanishPx - sizes.russianPx).toBe(10);
    expect(sizes.spanishPx).toBe(40);
    expect(cardFontSizes(150).spanishPx).toBe(60);
  });
});

describe('listen progress', () => {
  it('saves the counted listens and retires an active word at the auto threshold', () => {
    expect(afterCardPlayed({ attempts: 59, isActive: true }, 60)).toEqual({
      listenCount: 59,
      isRetired: false,
    });
    expect(afterCardPlayed({ attempts: 60, isActive: true }, 60)).toEqual({
      listenCount: 60,
      isRetired: true,
    });
    expect(afterCardPlayed({ attempts: 81, isActive: false }, 60)).toEqual({
      listenCount: 81,
      isRetired: false,
    });
  });

  it('formats the study time', () => {
    expect(formatElapsed(65)).toBe('1:05');
    expect(formatElapsed(3723)).toBe('1:02:03');
    expect(formatElapsed(-3)).toBe('0:00');
  });
});

describe('learn keyboard', () => {
  /** An element inside the given ancestors, answering closest() as the DOM would for a selector list. */
  const elementWithin = (...ancestors: string[]) => ({
    closest: (selectors: string) => {
      const wanted = selectors.split(',').map((selector) => selector.trim());
      return ancestors.find((ancestor) => wanted.includes(ancestor)) ?? null;
    },
  });
  const keyOn = (
    target: unknown,
    key = 'ArrowRight',
    extra: { ctrlKey?: boolean; defaultPrevented?: boolean } = {},
  ) =>
    isKeyForPlayer({
      key,
      target: target as EventTarget,
      defaultPrevented: extra.defaultPrevented ?? false,
      altKey: false,
      ctrlKey: extra.ctrlKey ?? false,
      metaKey: false,
    });

  it('ignores keys while typing, inside menus and dialogs, with modifiers, and when a control took them', () => {
    expect(NOT_FOR_PLAYER).toContain('input');
    expect(keyOn(elementWithin('input'))).toBe(false);
    expect(keyOn(elementWithin('textarea'))).toBe(false);
    expect(keyOn(elementWithin('[role="menu"]'))).toBe(false);
    expect(keyOn(elementWithin('[role="dialog"]'))).toBe(false);
    expect(keyOn(elementWithin())).toBe(true);
    expect(keyOn({})).toBe(true);
    expect(keyOn(elementWithin(), 'ArrowRight', { ctrlKey: true })).toBe(false);
    expect(keyOn(elementWithin(), ' ', { defaultPrevented: true })).toBe(false);
  });

  it('leaves Space and Enter to a focused button or link, except the card, but takes the arrows', () => {
    expect(keyOn(elementWithin('button'), 'Enter')).toBe(false);
    expect(keyOn(elementWithin('a[href]'), ' ')).toBe(false);
    expect(keyOn(elementWithin('button'), 'ArrowLeft')).toBe(true);
    expect(keyOn(elementWithin('button', '[data-learn-card]'), ' ')).toBe(true);
    expect(keyOn(elementWithin(), 'Enter')).toBe(true);
  });
});
