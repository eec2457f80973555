import { describe, expect, it } from 'vitest';
import { FILE_COST_IN_BYTES, modulesOfOneScreen, screenGroups } from '../../../scripts/lib/client-chunks';

/** Screen → the shared modules it loads with its page. */
const screensLoading = (entries: Record<string, string[]>) =>
  new Map(Object.entries(entries).map(([screen, modules]) => [screen, new Set(modules)]));

/** Each group as its screens and modules, sorted, so a test reads the result whatever the merge order. */
const described = (groups: ReturnType<typeof screenGroups>) =>
  groups
    .map((group) => ({ screens: [...group.screens].sort(), modules: [...group.modules].sort() }))
    .sort((a, b) => a.modules[0]!.localeCompare(b.modules[0]!));

describe('the screens’ shared code, grouped by the screens that load it', () => {
  it('leaves a module one screen alone loads to that screen, and groups the rest by who loads them', () => {
    const big = FILE_COST_IN_BYTES * 10;
    const groups = screenGroups(
      screensLoading({
        dictionary: ['select', 'virtualizer', 'word-schema'],
        upload: ['word-schema', 'textarea'],
        settings: ['select'],
      }),
      () => big,
    );
    expect(described(groups)).toEqual([
      { screens: ['dictionary', 'settings'], modules: ['select'] },
      { screens: ['dictionary', 'upload'], modules: ['word-schema'] },
    ]);
  });

  it('merges two small groups the same screens load, where the files saved are worth more than the bytes added', () => {
    const sizes: Record<string, number> = { a: 1_000, b: 1_000, c: FILE_COST_IN_BYTES * 10 };
    const groups = screenGroups(
      screensLoading({ dictionary: ['a', 'b', 'c'], learn: ['a', 'b'], upload: ['b', 'c'], settings: ['c'] }),
      (id) => sizes[id] ?? 0,
    );
    // One file for a and b saves the dictionary and Learn a file each, for 1 KB more on upload; c is too large
    // to load where it is not needed.
    expect(described(groups)).toEqual([
      { screens: ['dictionary', 'learn', 'upload'], modules: ['a', 'b'] },
      { screens: ['dictionary', 'settings', 'upload'], modules: ['c'] },
    ]);
  });

  it('lets a small group join a large one that its screens load anyway', () => {
    const sizes: Record<string, number> = { small: 1_000, large: FILE_COST_IN_BYTES * 10 };
    const groups = screenGroups(
      screensLoading({ dictionary: ['small', 'large'], upload: ['small', 'large'], settings: ['large'] }),
      (id) => sizes[id] ?? 0,
    );
    // Settings loads 1 KB it does not use; the dictionary and upload each load one file fewer.
    expect(described(groups)).toEqual([
      { screens: ['dictionary', 'settings', 'upload'], modules: ['large', 'small'] },
    ]);
  });

  it('never merges two groups that no screen loads together', () => {
    const groups = screenGroups(
      screensLoading({ dictionary: ['a'], learn: ['a'], upload: ['b'], settings: ['b'] }),
      () => 10,
    );
    expect(groups).toHaveLength(2);
  });
});

describe('the modules one screen alone loads with its page', () => {
  it('gives each to that screen, and leaves the rest to the groups', () => {
    const ofOneScreen = modulesOfOneScreen(
      screensLoading({
        dictionary: ['regenerate-image', 'regenerate-phrase', 'select'],
        audiobooks: ['regenerate-phrase', 'select'],
        settings: ['radix-primitive'],
        learn: [],
      }),
    );
    expect([...ofOneScreen].sort()).toEqual([
      ['radix-primitive', 'settings'],
      ['regenerate-image', 'dictionary'],
    ]);
  });
});
