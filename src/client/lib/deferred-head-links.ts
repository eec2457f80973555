/** The `<template>` of index.html that holds the links the page adds once its first screen is up. */
const TEMPLATE_ID = 'deferred-head-links';
/** The empty icon index.html links meanwhile, so that the browser does not ask for /favicon.ico. */
const PLACEHOLDER_ICON_ID = 'placeholder-icon';

/**
 * Links the web app manifest and the tab's icon, held back in index.html until now
 * (docs/product/overview.md#serving-the-client): a browser fetches both, and the manifest's icons, as soon as
 * it sees them, and on a phone's connection those took three of the six connections a page gets while the
 * first screen's own files waited for one; meanwhile an empty icon keeps it from asking for /favicon.ico.
 * Called once the first screen is up; later calls do nothing.
 */
export function applyDeferredHeadLinks(doc: Document = document): void {
  const template = doc.getElementById(TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  doc.getElementById(PLACEHOLDER_ICON_ID)?.remove();
  template.replaceWith(template.content);
}
