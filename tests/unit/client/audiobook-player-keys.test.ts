import { describe, expect, it } from 'vitest';
import {
  type PlayerKeyEvent,
  playerKeyCommand,
} from '../../../src/client/features/audiobook-player/lib/player-keys';

const element = (matches: string[]) => ({
  closest: (selectors: string) =>
    selectors.split(',').some((selector) => matches.includes(selector.trim())) ? {} : null,
});

const key = (overrides: Partial<PlayerKeyEvent>): PlayerKeyEvent => ({
  key: ' ',
  target: null,
  defaultPrevented: false,
  repeat: false,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...overrides,
});

describe('the player’s keys (docs/product/audiobooks.md#player)', () => {
  it('moves with the arrows and plays the sentence with Space or Enter', () => {
    expect(playerKeyCommand(key({ key: 'ArrowLeft' }))).toBe('previous');
    expect(playerKeyCommand(key({ key: 'ArrowRight' }))).toBe('next');
    expect(playerKeyCommand(key({ key: ' ' }))).toBe('toggleSentence');
    expect(playerKeyCommand(key({ key: 'Enter' }))).toBe('toggleSentence');
  });

  it('starts play-all with Shift or Alt and Space or Enter', () => {
    expect(playerKeyCommand(key({ key: ' ', shiftKey: true }))).toBe('togglePlayAll');
    expect(playerKeyCommand(key({ key: 'Enter', altKey: true }))).toBe('togglePlayAll');
  });

  it('leaves keys typed into a field, a menu or a dialog alone, and held keys and shortcuts', () => {
    expect(playerKeyCommand(key({ target: element(['input']) }))).toBeNull();
    expect(playerKeyCommand(key({ key: 'ArrowLeft', target: element(['textarea']) }))).toBeNull();
    expect(playerKeyCommand(key({ target: element(['[role="dialog"]']) }))).toBeNull();
    expect(playerKeyCommand(key({ repeat: true }))).toBeNull();
    expect(playerKeyCommand(key({ key: 'ArrowRight', ctrlKey: true }))).toBeNull();
  });

  it('lets Space press a focused button, except the sentence card', () => {
    expect(playerKeyCommand(key({ target: element(['button']) }))).toBeNull();
    expect(playerKeyCommand(key({ key: 'ArrowRight', target: element(['button']) }))).toBe('next');
    expect(playerKeyCommand(key({ target: element(['button', '[data-player-card]']) }))).toBe(
      'toggleSentence',
    );
  });
});
