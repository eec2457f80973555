/**
 * Listen-count thresholds of the Settings screen and how changing one moves the others
 * (docs/product/settings.md#listen-thresholds threshold options).
 *
 * How the spec's three sentences are read here:
 *
 * 1. "Raising warning to at least safe lifts safe to warning+20 (80 if warning is 60)."
 *    When the new warning is >= the current safe, safe becomes warning + 20. The parenthesis is an
 *    example of the formula (60 + 20 = 80) from a time when warning could reach 60; warning now stops
 *    at 50, so safe lands on 30..70. It is still clamped to safe's range (20..80) so that a stored
 *    warning outside the options can never push safe past 80. Auto is not mentioned, so it is left as
 *    it is, even when the lifted safe reaches it (the spec has no "safe at least auto" rule).
 *
 * 2. "Lowering safe to at most warning lowers warning to safe-20 (20 if safe is 40)."
 *    When the new safe is <= the current warning, warning becomes safe - 20 (the parenthesis is again
 *    an example: 40 - 20 = 20). For safe 20 and 30 that formula gives 0 and 10; 0 is below warning's
 *    smallest option, so warning is clamped to its range (10..50) and becomes 10 — still below safe.
 *
 * 3. "Setting auto at most safe lowers safe to auto-10 (20 if auto is 30), and warning to 10 if auto
 *    is 30, else the smaller of current warning and auto-20."
 *    When the new auto is <= the current safe, safe becomes auto - 10 and warning becomes
 *    min(warning, auto - 20); for auto 30 that minimum is 10 whatever warning was, which is exactly
 *    the spec's special case, so it needs no branch of its own. The result is always ordered
 *    warning < safe < auto and inside every option range.
 *
 * A change that meets none of these conditions only sets the changed field. The conditions are tested
 * on the new value against the current values ("at least"/"at most" include equality), whatever the
 * direction of the change, so a change that leaves an inconsistent state is repaired the same way.
 */

export const THRESHOLD_FIELDS = ['warning', 'safe', 'auto'] as const;
export type ThresholdField = (typeof THRESHOLD_FIELDS)[number];

export interface ListenThresholds {
  warning: number;
  safe: number;
  auto: number;
}

export const THRESHOLD_STEP = 10;

/** Inclusive bounds of each selector's options (docs/product/settings.md#listen-thresholds). */
export const THRESHOLD_RANGES: Readonly<Record<ThresholdField, { min: number; max: number }>> = {
  warning: { min: 10, max: 50 },
  safe: { min: 20, max: 80 },
  auto: { min: 30, max: 100 },
};

function optionsBetween(min: number, max: number): readonly number[] {
  const options: number[] = [];
  for (let value = min; value <= max; value += THRESHOLD_STEP) options.push(value);
  return options;
}

/** The choices each selector offers: warning 10–50, safe 20–80, auto 30–100, step 10. */
export const THRESHOLD_OPTIONS: Readonly<Record<ThresholdField, readonly number[]>> = {
  warning: optionsBetween(THRESHOLD_RANGES.warning.min, THRESHOLD_RANGES.warning.max),
  safe: optionsBetween(THRESHOLD_RANGES.safe.min, THRESHOLD_RANGES.safe.max),
  auto: optionsBetween(THRESHOLD_RANGES.auto.min, THRESHOLD_RANGES.auto.max),
};

export function isThresholdOption(field: ThresholdField, value: number): boolean {
  return THRESHOLD_OPTIONS[field].includes(value);
}

function clampTo(field: ThresholdField, value: number): number {
  const { min, max } = THRESHOLD_RANGES[field];
  return Math.min(max, Math.max(min, value));
}

/**
 * The three thresholds after the learner picks `value` for `field`, with the coupled fields moved as
 * the spec says. Only the selectors' options are accepted: anything else is a programming error.
 */
export function applyThresholdChange(
  current: ListenThresholds,
  field: ThresholdField,
  value: number,
): ListenThresholds {
  if (!isThresholdOption(field, value)) {
    throw new RangeError(`${String(value)} is not a ${field} threshold option`);
  }
  switch (field) {
    case 'warning':
      return value >= current.safe
        ? { ...current, warning: value, safe: clampTo('safe', value + 20) }
        : { ...current, warning: value };
    case 'safe':
      return value <= current.warning
        ? { ...current, safe: value, warning: clampTo('warning', value - 20) }
        : { ...current, safe: value };
    case 'auto':
      return value <= current.safe
        ? {
            auto: value,
            safe: clampTo('safe', value - 10),
            warning: clampTo('warning', Math.min(current.warning, value - 20)),
          }
        : { ...current, auto: value };
  }
}

/** Only the thresholds that differ, so one partial save carries exactly what the change moved. */
export function changedThresholds(
  before: ListenThresholds,
  after: ListenThresholds,
): Partial<ListenThresholds> {
  const changed: Partial<ListenThresholds> = {};
  for (const field of THRESHOLD_FIELDS) {
    if (before[field] !== after[field]) changed[field] = after[field];
  }
  return changed;
}
