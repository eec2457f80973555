import { startTransition, useEffect, useState } from 'react';
import { loadCatalogAreas } from '../i18n/setup';
import { loadOnce } from '../lib/load-once';
import type * as SignedInHomeChunk from './signed-in-home.component';

type SignedInHomeModule = typeof SignedInHomeChunk;

/**
 * Home with its shell is a chunk of its own, so the landing page does not carry it. It is fetched ahead where
 * a learner is about to sign in (the sign-in and registration pages), so home greets them from its first
 * frame; once fetched (with the error texts) it renders at once, without a loading frame.
 */
let loaded: SignedInHomeModule | undefined;

/** Fetched once; a fetch ahead that failed (offline) is tried again when home is shown. */
export const preloadSignedInHome = loadOnce(() =>
  Promise.all([import('./signed-in-home.component'), loadCatalogAreas(['errors'])]).then(
    ([module]) => (loaded = module),
  ),
);

/**
 * Home's module, or undefined while it is still on its way (the caller shows the loading screen, and renders
 * again when it arrives); a chunk that cannot be fetched is thrown to the route's error screen.
 *
 * Not `lazy()` under a Suspense boundary: React holds back what replaces a Suspense fallback until 300 ms
 * after the fallback appeared, so home, arriving a moment after the loading screen, waited that long for
 * nothing. A state update shows it the moment it arrives, as a transition: rendered in slices, as a route's
 * screen is, so a phone's main thread is not held for the whole of home at once.
 */
export function useSignedInHome(): SignedInHomeModule | undefined {
  const [module, setModule] = useState(loaded);
  const [failure, setFailure] = useState<Error>();
  if (failure) throw failure;
  useEffect(() => {
    if (module) return;
    let isCurrent = true;
    preloadSignedInHome().then(
      (arrived) => {
        if (isCurrent) startTransition(() => setModule(arrived));
      },
      (error: unknown) => {
        if (isCurrent) setFailure(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [module]);
  return module;
}
