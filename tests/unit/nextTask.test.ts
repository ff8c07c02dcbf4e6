import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from '../../src/lib/nextTask';

describe('nextTask', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves after the current task, without a timer a browser could hold back', async () => {
    // With every timer frozen, a setTimeout-based step would never resolve.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate'] });
    const order: string[] = [];
    const step = nextTask().then(() => order.push('next task'));
    await Promise.resolve().then(() => order.push('microtask'));
    await step;
    expect(order).toEqual(['microtask', 'next task']);
  });
});
