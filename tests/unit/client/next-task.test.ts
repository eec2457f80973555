import { describe, expect, it, vi } from 'vitest';
import { nextTask } from '../../../src/client/lib/next-task';

describe('nextTask', () => {
  it('settles only once the current task is over, after every microtask it queued', async () => {
    const order: string[] = [];
    const settled = nextTask(undefined).then(() => order.push('next task'));
    // A chain of microtasks still belongs to the current task: all of it runs first.
    let chain = Promise.resolve();
    for (let step = 0; step < 100; step += 1) chain = chain.then(() => undefined);
    void chain.then(() => order.push('microtasks done'));
    await settled;
    expect(order).toEqual(['microtasks done', 'next task']);
  });

  it("takes the browser's scheduler.yield where there is one", async () => {
    const scheduler = { yield: vi.fn(() => Promise.resolve()) };
    await nextTask(scheduler);
    expect(scheduler.yield).toHaveBeenCalledOnce();
  });
});
