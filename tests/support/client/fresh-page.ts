import i18next from 'i18next';
import { vi } from 'vitest';

/**
 * Runs before each file of the `client` project (vitest.config.ts), whose files share a worker's page and
 * its packages (React, happy-dom, i18next): each file starts as on a fresh page load. The app's own modules
 * are evaluated anew for it, so no store, cache or socket of the last file's app is left; nothing it stored
 * in the browser, and no title, language, theme or address it left, reaches the next one.
 */
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
window.history.replaceState(null, '', '/');
document.title = '';
const root = document.documentElement;
for (const name of root.getAttributeNames()) root.removeAttribute(name);
document.body.replaceChildren();
// i18next is a package, shared: the app's texts start again in Russian, as the app's setup starts them.
if (i18next.isInitialized) await i18next.changeLanguage('ru');
