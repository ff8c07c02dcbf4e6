/** A call the test answers when it chooses (a request in flight). */
export interface HeldCall<TArgs extends unknown[], TResult> {
  args: TArgs;
  answer(value: TResult): void;
  fail(error: unknown): void;
}

/** A fake API function whose calls wait for the test: each is kept, in order, to answer or fail. */
export function heldCalls<TArgs extends unknown[], TResult>() {
  const calls: HeldCall<TArgs, TResult>[] = [];
  const call = (...args: TArgs) =>
    new Promise<TResult>((resolve, reject) => {
      calls.push({ args, answer: resolve, fail: reject });
    });
  /** The nth call (from 0), or a failure that names what was asked. */
  const nth = (index: number): HeldCall<TArgs, TResult> => {
    const found = calls[index];
    if (!found) throw new Error(`No call #${index}; asked: ${JSON.stringify(calls.map((c) => c.args))}`);
    return found;
  };
  return { calls, call, nth, asked: () => calls.map((c) => c.args) };
}
