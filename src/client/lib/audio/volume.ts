/**
 * The learner's volume (docs/product/learn.md#volume): the setting `volume` is 0–100 (default 80) and every
 * clip the app plays (Learn, the dictionary's play button, the voice samples in Settings, and later the
 * audiobook player) sounds at that fraction of full level. Any level of its own a voice takes (a fade)
 * is a fraction of the learner's volume, never of full level, so turning the volume down turns everything
 * down alike.
 */

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1);

/** The media element's `volume` (0–1) for the setting's 0–100, times a voice's own relative level (0–1). */
export function gainOf(volumeSetting: number, relativeLevel = 1): number {
  return clamp01(volumeSetting / 100) * clamp01(relativeLevel);
}
