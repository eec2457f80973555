import { screen, waitFor } from '@testing-library/react';
import { render } from '@testing-library/react';
import { expect } from 'vitest';
import { App } from '../../../src/client/app/app.component';
import { changeInterfaceLanguage, initInterfaceTexts } from '../../../src/client/i18n/setup';
import { createQueryClient } from '../../../src/client/lib/query-client';

/**
 * The English interface as a learner reads it (docs/product/errors.md#interface-language): the whole app
 * rendered at a path in English, and a scan of what the page shows for Cyrillic.
 */

/** Russian that is content, not interface (docs/product/errors.md#interface-language). */
export const RUSSIAN_CONTENT = [
  'Русский',
  'дом',
  'собака',
  'книга',
  'солнце',
  'доброе утро',
  'Привет! Я буду читать тебе переводы.',
] as const;

/** Everything a learner reads or hears on the page now, as [where, text] pairs. */
export function readableTexts(root: ParentNode = document.body): Array<[string, string]> {
  const found: Array<[string, string]> = [['document title', document.title]];
  const describe = (element: Element) => {
    const id = element.id ? `#${element.id}` : '';
    const label = element.getAttribute('aria-label') ?? element.getAttribute('data-testid') ?? '';
    return `<${element.tagName.toLowerCase()}${id}${label ? ` "${label}"` : ''}>`;
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent?.trim();
    if (!parent || !text || parent.closest('script, style, noscript, template')) continue;
    found.push([describe(parent), text]);
  }
  const attributes = ['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt'];
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of attributes) {
      const value = element.getAttribute(attribute)?.trim();
      if (value) found.push([`${describe(element)}[${attribute}]`, value]);
    }
  }
  return found;
}

/** Russian on the page outside the listed content and `alsoAllowed` (the learner's name, say). */
export function russianOnPage(alsoAllowed: readonly string[] = []): string[] {
  const allowed = [...RUSSIAN_CONTENT, ...alsoAllowed];
  return readableTexts()
    .filter(([, text]) =>
      /\p{Script=Cyrillic}/u.test(allowed.reduce((rest, ok) => rest.split(ok).join(''), text)),
    )
    .map(([where, text]) => `${where}: ${text}`);
}

export function expectEnglish(state: string, alsoAllowed: readonly string[] = []): void {
  expect(russianOnPage(alsoAllowed), `Russian text in the English interface (${state})`).toEqual([]);
}

/** The interface texts in English, as a browser that chose English has them. */
export async function showEnglish(): Promise<void> {
  initInterfaceTexts();
  await changeInterfaceLanguage('en');
}

/** The whole app at `path`, as the browser opens it. */
export function renderApp(path: string) {
  window.history.pushState({}, '', path);
  const queryClient = createQueryClient();
  return { queryClient, ...render(<App queryClient={queryClient} />) };
}

export async function findHeading(name: string | RegExp) {
  return waitFor(() => screen.getByRole('heading', { level: 1, name }), { timeout: 5_000 });
}
