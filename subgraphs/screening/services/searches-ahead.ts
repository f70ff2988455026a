// Batch and monitoring runs screen names one after another, with database work between searches.
// With the index on its own thread (index-thread/), the next searches can run there while this
// thread finishes the current name: a few of them, so a synchronous search never queues behind a
// whole chunk of a batch.

/** How many searches run ahead of the one being finished. */
export const SEARCHES_AHEAD = 4;

/** Returns `next(i)`: the result of `search(i)`, started together with the `ahead` after it. Call
 * it for i = 0, 1, 2, ... in order; a failure is thrown where its result is awaited, never as an
 * unhandled rejection. */
export function searchesAhead<T>(count: number, search: (i: number) => Promise<T>, ahead = SEARCHES_AHEAD): (i: number) => Promise<T> {
  const started: (Promise<T> | undefined)[] = [];
  const start = (i: number) => {
    if (i >= count || started[i]) return;
    const running = search(i);
    running.catch(() => undefined);
    started[i] = running;
  };
  return (i) => {
    for (let next = i; next <= i + ahead; next++) start(next);
    return started[i]!;
  };
}
