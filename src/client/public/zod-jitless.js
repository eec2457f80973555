// Runs before the app's modules (a deferred script ahead of them): zod reads this shared setting when the app
// defines its schemas, so it never probes `new Function`, which the Content-Security-Policy (no eval) refuses
// and the browser would report on every page. A setting made from the app's own code comes too late: the
// schemas live in a chunk that runs before the entry's code (docs/SECURITY.md).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
