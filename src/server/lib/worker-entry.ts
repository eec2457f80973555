/**
 * Where a piscina pool's worker code is: the `.ts` source beside the calling module when the server runs
 * from its sources (tsx, and vitest in the tests), or the `.js` file the build writes beside the bundle
 * (scripts/build.ts lists each worker as an entry of its own). piscina loads its entry with `require` first,
 * so a source entry is compiled by tsx's require hook, which the worker is given explicitly: a worker does
 * not inherit its parent's loaders.
 */
export function workerEntry(baseName: string, callerUrl: string): { filename: string; execArgv: string[] } {
  const isSource = /\.[cm]?ts$/.test(callerUrl);
  return {
    filename: new URL(`./${baseName}.${isSource ? 'ts' : 'js'}`, callerUrl).href,
    execArgv: isSource ? ['--import', 'tsx'] : [],
  };
}
