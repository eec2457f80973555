import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES } from '../../../src/shared/catalogs/appearance';
import { areaLoaders, CATALOG_AREAS, loadEnglishCommon } from '../../../src/client/i18n/catalog-areas';
import { enCatalog, ruCatalog } from '../../../src/client/i18n/catalogs';
import ruCommon from '../../../src/client/i18n/ru.json';

const clientRoot = fileURLToPath(new URL('../../../src/client', import.meta.url));
const routerSource = readFileSync(join(clientRoot, 'app/router.tsx'), 'utf8');

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The catalogue areas a source file reads texts from (`t('upload.…')`, `` t(`dictionary.${…}`) ``). */
function areasReadBy(path: string): string[] {
  const source = readFileSync(path, 'utf8');
  return CATALOG_AREAS.filter((area) => new RegExp(`['"\`]${area}\\.`).test(source));
}

/** Each screen folder the router loads with `withTexts`, and the areas it names (the error texts always). */
function routedScreens(): Map<string, string[]> {
  const screens = new Map<string, string[]>();
  const pattern = /withTexts\(import\('\.\.\/features\/([^/]+)\/[^']+'\),\s*\[([^\]]*)\]/g;
  for (const [, screen = '', areas = ''] of routerSource.matchAll(pattern)) {
    const named = [...areas.matchAll(/'([a-zA-Z]+)'/g)].map(([, area]) => area ?? '');
    screens.set(screen, [...(screens.get(screen) ?? []), 'errors', ...named]);
  }
  return screens;
}

describe('catalogue areas', () => {
  it('the common part and the areas put together are the whole catalogue, in both languages', async () => {
    const expected = { ru: ruCatalog, en: enCatalog };
    for (const language of INTERFACE_LANGUAGES) {
      const common = language === 'ru' ? ruCommon : await loadEnglishCommon();
      const whole: Record<string, unknown> = { ...common };
      for (const area of CATALOG_AREAS) whole[area] = (await areaLoaders[language][area]()).default;
      expect(whole).toEqual(expected[language]);
    }
  });

  it('every screen loads the areas its own files and the shared helpers it uses read', () => {
    const screens = routedScreens();
    expect([...screens.keys()].sort()).toEqual(
      readdirSync(join(clientRoot, 'features'))
        .filter((screen) => screen !== 'landing' && screen !== 'home')
        .sort(),
    );
    // Shared helpers that read an area, by the module name screens import them by.
    const sharedReaders = [...filesUnder(join(clientRoot, 'lib')), ...filesUnder(join(clientRoot, 'ui'))]
      .map((path) => ({
        module: relative(clientRoot, path).replace(/\.tsx?$/, ''),
        areas: areasReadBy(path),
      }))
      .filter(({ areas }) => areas.length > 0);
    for (const [screen, loaded] of screens) {
      const needed = new Set<string>();
      for (const path of filesUnder(join(clientRoot, 'features', screen))) {
        for (const area of areasReadBy(path)) needed.add(area);
        const source = readFileSync(path, 'utf8');
        for (const { module, areas } of sharedReaders) {
          if (source.includes(`/${module}'`)) for (const area of areas) needed.add(area);
        }
      }
      expect({ screen, missing: [...needed].filter((area) => !loaded.includes(area)) }).toEqual({
        screen,
        missing: [],
      });
    }
  });

  it('home and the landing page read no area but the error texts, which home loads with itself', () => {
    for (const screen of ['home', 'landing']) {
      for (const path of filesUnder(join(clientRoot, 'features', screen))) {
        expect({ path, areas: areasReadBy(path).filter((area) => area !== 'errors') }).toEqual({
          path,
          areas: [],
        });
      }
    }
    expect(readFileSync(join(clientRoot, 'app/signed-in-home.loader.ts'), 'utf8')).toContain(
      "loadCatalogAreas(['errors'])",
    );
  });
});
