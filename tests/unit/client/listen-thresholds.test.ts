import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyThresholdChange,
  changedThresholds,
  isThresholdOption,
  THRESHOLD_FIELDS,
  THRESHOLD_OPTIONS,
  THRESHOLD_RANGES,
  type ListenThresholds,
  type ThresholdField,
} from '../../../src/client/features/settings/lib/listen-thresholds';

const defaults: ListenThresholds = { warning: 20, safe: 40, auto: 60 };

const option = (field: ThresholdField) => fc.constantFrom(...THRESHOLD_OPTIONS[field]);
/** Any combination the three selectors can show, ordered or not. */
const anyThresholds = fc.record({ warning: option('warning'), safe: option('safe'), auto: option('auto') });
const orderedThresholds = anyThresholds.filter(({ warning, safe, auto }) => warning < safe && safe < auto);
const anyChange = fc
  .constantFrom(...THRESHOLD_FIELDS)
  .chain((field) => fc.tuple(fc.constant(field), option(field)));

function expectWithinRanges(thresholds: ListenThresholds) {
  for (const field of THRESHOLD_FIELDS) {
    expect(isThresholdOption(field, thresholds[field])).toBe(true);
  }
}

describe('threshold options', () => {
  it('are warning 10–50, safe 20–80, auto 30–100 in steps of 10', () => {
    expect(THRESHOLD_OPTIONS.warning).toEqual([10, 20, 30, 40, 50]);
    expect(THRESHOLD_OPTIONS.safe).toEqual([20, 30, 40, 50, 60, 70, 80]);
    expect(THRESHOLD_OPTIONS.auto).toEqual([30, 40, 50, 60, 70, 80, 90, 100]);
    expect(THRESHOLD_RANGES.warning).toEqual({ min: 10, max: 50 });
  });

  it('refuses a value that is not one of the field’s options', () => {
    expect(() => applyThresholdChange(defaults, 'warning', 60)).toThrow(RangeError);
    expect(() => applyThresholdChange(defaults, 'warning', 0)).toThrow(RangeError);
    expect(() => applyThresholdChange(defaults, 'safe', 10)).toThrow(RangeError);
    expect(() => applyThresholdChange(defaults, 'safe', 90)).toThrow(RangeError);
    expect(() => applyThresholdChange(defaults, 'auto', 20)).toThrow(RangeError);
    expect(() => applyThresholdChange(defaults, 'auto', 110)).toThrow(RangeError);
    expect(() => applyThresholdChange(defaults, 'auto', 35)).toThrow(RangeError);
  });
});

describe('raising warning to at least safe', () => {
  it('lifts safe to warning + 20 when warning equals safe', () => {
    expect(applyThresholdChange({ warning: 20, safe: 40, auto: 60 }, 'warning', 40)).toEqual({
      warning: 40,
      safe: 60,
      auto: 60,
    });
  });

  it('lifts safe to warning + 20 when warning passes safe', () => {
    expect(applyThresholdChange({ warning: 10, safe: 20, auto: 100 }, 'warning', 30)).toEqual({
      warning: 30,
      safe: 50,
      auto: 100,
    });
  });

  it('at the largest warning (50) lifts safe to 70, inside its range', () => {
    expect(applyThresholdChange({ warning: 10, safe: 20, auto: 90 }, 'warning', 50)).toEqual({
      warning: 50,
      safe: 70,
      auto: 90,
    });
  });

  it('leaves safe alone while warning stays below it', () => {
    expect(applyThresholdChange({ warning: 20, safe: 40, auto: 60 }, 'warning', 30)).toEqual({
      warning: 30,
      safe: 40,
      auto: 60,
    });
    expect(applyThresholdChange({ warning: 30, safe: 40, auto: 60 }, 'warning', 10)).toEqual({
      warning: 10,
      safe: 40,
      auto: 60,
    });
  });

  it('does not move auto, even when the lifted safe reaches it (the spec has no such rule)', () => {
    expect(applyThresholdChange({ warning: 20, safe: 30, auto: 40 }, 'warning', 50)).toEqual({
      warning: 50,
      safe: 70,
      auto: 40,
    });
  });
});

describe('lowering safe to at most warning', () => {
  it('lowers warning to safe − 20 when safe equals warning (the spec’s 40 → 20)', () => {
    expect(applyThresholdChange({ warning: 40, safe: 60, auto: 80 }, 'safe', 40)).toEqual({
      warning: 20,
      safe: 40,
      auto: 80,
    });
  });

  it('lowers warning to safe − 20 when safe drops below warning', () => {
    expect(applyThresholdChange({ warning: 50, safe: 70, auto: 80 }, 'safe', 30)).toEqual({
      warning: 10,
      safe: 30,
      auto: 80,
    });
  });

  it('clamps warning to 10 at the smallest safe (20 − 20 would be 0)', () => {
    expect(applyThresholdChange({ warning: 20, safe: 40, auto: 60 }, 'safe', 20)).toEqual({
      warning: 10,
      safe: 20,
      auto: 60,
    });
  });

  it('leaves warning alone while safe stays above it', () => {
    expect(applyThresholdChange({ warning: 20, safe: 40, auto: 60 }, 'safe', 30)).toEqual({
      warning: 20,
      safe: 30,
      auto: 60,
    });
  });

  it('does not move auto when safe is raised to or past it (the spec has no such rule)', () => {
    expect(applyThresholdChange({ warning: 20, safe: 40, auto: 60 }, 'safe', 80)).toEqual({
      warning: 20,
      safe: 80,
      auto: 60,
    });
  });
});

describe('setting auto at most safe', () => {
  it('at auto 30 lowers safe to 20 and warning to 10', () => {
    expect(applyThresholdChange({ warning: 20, safe: 40, auto: 60 }, 'auto', 30)).toEqual({
      warning: 10,
      safe: 20,
      auto: 30,
    });
    expect(applyThresholdChange({ warning: 10, safe: 30, auto: 60 }, 'auto', 30)).toEqual({
      warning: 10,
      safe: 20,
      auto: 30,
    });
  });

  it('when auto equals safe, lowers safe to auto − 10 and keeps a warning that is already small enough', () => {
    expect(applyThresholdChange({ warning: 20, safe: 60, auto: 80 }, 'auto', 60)).toEqual({
      warning: 20,
      safe: 50,
      auto: 60,
    });
  });

  it('lowers warning to auto − 20 when warning is larger', () => {
    expect(applyThresholdChange({ warning: 50, safe: 80, auto: 100 }, 'auto', 50)).toEqual({
      warning: 30,
      safe: 40,
      auto: 50,
    });
    expect(applyThresholdChange({ warning: 30, safe: 40, auto: 60 }, 'auto', 40)).toEqual({
      warning: 20,
      safe: 30,
      auto: 40,
    });
  });

  it('keeps warning when it equals auto − 20', () => {
    expect(applyThresholdChange({ warning: 40, safe: 70, auto: 90 }, 'auto', 60)).toEqual({
      warning: 40,
      safe: 50,
      auto: 60,
    });
  });

  it('at the largest safe (80), auto 80 lowers safe to 70', () => {
    expect(applyThresholdChange({ warning: 50, safe: 80, auto: 100 }, 'auto', 80)).toEqual({
      warning: 50,
      safe: 70,
      auto: 80,
    });
  });

  it('leaves safe and warning alone while auto stays above safe', () => {
    expect(applyThresholdChange({ warning: 20, safe: 40, auto: 60 }, 'auto', 50)).toEqual({
      warning: 20,
      safe: 40,
      auto: 50,
    });
    expect(applyThresholdChange({ warning: 20, safe: 40, auto: 60 }, 'auto', 100)).toEqual({
      warning: 20,
      safe: 40,
      auto: 100,
    });
  });
});

describe('coupling invariants', () => {
  it('keeps every threshold among its options, from any state the selectors can show', () => {
    fc.assert(
      fc.property(anyThresholds, anyChange, (current, [field, value]) => {
        expectWithinRanges(applyThresholdChange(current, field, value));
      }),
    );
  });

  it('always sets the changed field to the chosen value', () => {
    fc.assert(
      fc.property(anyThresholds, anyChange, (current, [field, value]) => {
        expect(applyThresholdChange(current, field, value)[field]).toBe(value);
      }),
    );
  });

  it('keeps warning below safe after any warning or safe change', () => {
    fc.assert(
      fc.property(
        anyThresholds,
        fc
          .constantFrom<ThresholdField>('warning', 'safe')
          .chain((field) => fc.tuple(fc.constant(field), option(field))),
        (current, [field, value]) => {
          const next = applyThresholdChange(current, field, value);
          expect(next.warning).toBeLessThan(next.safe);
        },
      ),
    );
  });

  it('orders warning < safe < auto whenever auto is set at most safe', () => {
    fc.assert(
      fc.property(anyThresholds, option('auto'), (current, auto) => {
        fc.pre(auto <= current.safe);
        const next = applyThresholdChange(current, 'auto', auto);
        expect(next.warning).toBeLessThan(next.safe);
        expect(next.safe).toBeLessThan(next.auto);
      }),
    );
  });

  it('from an ordered state, keeps warning < safe for every change and safe < auto unless safe was pushed to auto', () => {
    fc.assert(
      fc.property(orderedThresholds, anyChange, (current, [field, value]) => {
        const next = applyThresholdChange(current, field, value);
        expect(next.warning).toBeLessThan(next.safe);
        const isSafePushedToAuto =
          (field === 'safe' && value >= current.auto) ||
          (field === 'warning' && value >= current.safe && value + 20 >= current.auto);
        if (!isSafePushedToAuto) expect(next.safe).toBeLessThan(next.auto);
      }),
    );
  });

  it('does not touch the other fields when no rule applies', () => {
    fc.assert(
      fc.property(anyThresholds, anyChange, (current, [field, value]) => {
        const isCoupled =
          (field === 'warning' && value >= current.safe) ||
          (field === 'safe' && value <= current.warning) ||
          (field === 'auto' && value <= current.safe);
        fc.pre(!isCoupled);
        expect(applyThresholdChange(current, field, value)).toEqual({ ...current, [field]: value });
      }),
    );
  });
});

describe('changedThresholds', () => {
  it('lists only the fields that moved', () => {
    expect(changedThresholds(defaults, defaults)).toEqual({});
    expect(changedThresholds(defaults, applyThresholdChange(defaults, 'warning', 30))).toEqual({
      warning: 30,
    });
    expect(changedThresholds(defaults, applyThresholdChange(defaults, 'auto', 30))).toEqual({
      warning: 10,
      safe: 20,
      auto: 30,
    });
  });
});
