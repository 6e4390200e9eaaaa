/** Comparing secrets without telling how much of a guess was right. */

/**
 * Whether `received` equals `expected`, reading every element of `expected` whatever `received`
 * holds: the time taken depends on the length of the expected value, not on how much of it a
 * guess got right. Hand-written because the platforms have no common one: `crypto.timingSafeEqual`
 * is Node's (`node:crypto`), and Web Crypto offers none; the client runs in browsers and edge
 * runtimes too. test/unit/runtime/webhooks.test.ts shows that it reads the same elements for a
 * guess that differs at the first byte and one that differs at the last.
 */
export function constantTimeEqual(expected: ArrayLike<number>, received: ArrayLike<number>): boolean {
  let difference = expected.length ^ received.length;
  for (let index = 0; index < expected.length; index++)
    difference |= (expected[index] as number) ^ ((received[index] as number | undefined) ?? 0);
  return difference === 0;
}
