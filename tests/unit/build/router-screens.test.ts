import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lazyRouteImports, textsModule } from '../../../scripts/lib/router-screens';

const routerSource = readFileSync(new URL('../../../src/client/app/router.tsx', import.meta.url), 'utf8');

describe('the screens the router loads, read from its source', () => {
  it('finds every lazy route of router.tsx, with the areas its withTexts names', () => {
    const found = lazyRouteImports(routerSource);
    // A route written another way would be missed silently: the build would keep its texts in files of their own.
    expect(found).toHaveLength(routerSource.match(/lazy: async/g)?.length ?? 0);
    expect(found.filter((screen) => screen.hasTexts)).toHaveLength(
      routerSource.match(/withTexts\(import\(/g)?.length ?? 0,
    );
    expect(found).toContainEqual(
      expect.objectContaining({
        module: 'features/learn/learn.page.tsx',
        hasTexts: true,
        areas: ['learn'],
      }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({
        module: 'features/settings/settings.page.tsx',
        areas: ['settingsDisplay', 'settingsProviders'],
      }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({ module: 'app/layouts.component.tsx', hasTexts: false, areas: [] }),
    );
  });

  it('names an area’s texts file as the catalogue does', () => {
    expect(textsModule('settingsDisplay')).toBe('i18n/settings-display.ru.json');
    expect(textsModule('learn', 'en')).toBe('i18n/learn.en.json');
  });
});
