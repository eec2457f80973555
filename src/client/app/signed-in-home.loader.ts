import { lazy } from 'react';
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

/** The module when already fetched, to render without suspending. */
export const loadedSignedInHome = (): SignedInHomeModule | undefined => loaded;

export const LazySignedInHome = lazy(async () => ({ default: (await preloadSignedInHome()).SignedInHome }));
