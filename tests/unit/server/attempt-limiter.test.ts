import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from '../../../src/server/auth/attempt-limiter';

function limiterWithClock(max: number, windowMs: number) {
  const clock = { now: 1_000_000 };
  const limiter = createAttemptLimiter({ max, windowMs, now: () => clock.now });
  return { limiter, clock };
}

const recordTimes = (limiter: { record(key: string): void }, key: string, times: number) => {
  for (let i = 0; i < times; i++) limiter.record(key);
};

describe('createAttemptLimiter', () => {
  it('blocks a key once it has used its attempts within the window', () => {
    const { limiter } = limiterWithClock(3, 60_000);
    expect(limiter.isBlocked('ana@example.com')).toBe(false);
    recordTimes(limiter, 'ana@example.com', 2);
    expect(limiter.isBlocked('ana@example.com')).toBe(false);
    limiter.record('ana@example.com');
    expect(limiter.isBlocked('ana@example.com')).toBe(true);
  });

  it('counts each key separately', () => {
    const { limiter } = limiterWithClock(2, 60_000);
    recordTimes(limiter, 'ana@example.com', 2);
    expect(limiter.isBlocked('ana@example.com')).toBe(true);
    expect(limiter.isBlocked('luis@example.com')).toBe(false);
  });

  it('unblocks when the window, counted from the first attempt, is over', () => {
    const { limiter, clock } = limiterWithClock(2, 60_000);
    limiter.record('ana@example.com');
    clock.now += 50_000;
    // A later attempt does not extend the window.
    limiter.record('ana@example.com');
    expect(limiter.isBlocked('ana@example.com')).toBe(true);
    clock.now += 9_999;
    expect(limiter.isBlocked('ana@example.com')).toBe(true);
    clock.now += 1;
    expect(limiter.isBlocked('ana@example.com')).toBe(false);
  });

  it('starts a fresh count after the window', () => {
    const { limiter, clock } = limiterWithClock(2, 60_000);
    recordTimes(limiter, 'ana@example.com', 2);
    clock.now += 60_000;
    limiter.record('ana@example.com');
    expect(limiter.isBlocked('ana@example.com')).toBe(false);
    limiter.record('ana@example.com');
    expect(limiter.isBlocked('ana@example.com')).toBe(true);
  });

  it('forgets a key on reset', () => {
    const { limiter } = limiterWithClock(1, 60_000);
    limiter.record('ana@example.com');
    expect(limiter.isBlocked('ana@example.com')).toBe(true);
    limiter.reset('ana@example.com');
    expect(limiter.isBlocked('ana@example.com')).toBe(false);
  });

  it('still limits correctly after sweeping expired windows of many keys', () => {
    const { limiter, clock } = limiterWithClock(2, 60_000);
    recordTimes(limiter, 'ana@example.com', 2);
    for (let i = 0; i < 10_001; i++) limiter.record(`guess${i}@example.com`);
    expect(limiter.isBlocked('ana@example.com')).toBe(true);
    clock.now += 60_000;
    limiter.record('fresh@example.com');
    expect(limiter.isBlocked('ana@example.com')).toBe(false);
    expect(limiter.isBlocked('guess0@example.com')).toBe(false);
  });

  it('uses the real clock when none is given', () => {
    const limiter = createAttemptLimiter({ max: 1, windowMs: 60_000 });
    limiter.record('ana@example.com');
    expect(limiter.isBlocked('ana@example.com')).toBe(true);
  });
});
