import { searchesAhead } from './searches-ahead';

it('starts each search with the few after it, in order, each once', async () => {
  const startedAt: number[] = [];
  const next = searchesAhead(
    10,
    async (i) => {
      startedAt.push(i);
      return i * 2;
    },
    2,
  );
  expect(await next(0)).toBe(0);
  expect(startedAt).toEqual([0, 1, 2]);
  expect(await next(1)).toBe(2);
  expect(startedAt).toEqual([0, 1, 2, 3]);
  for (let i = 2; i < 10; i++) expect(await next(i)).toBe(i * 2);
  expect(startedAt).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
});

it('throws a failed search where it is awaited, not as an unhandled rejection', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    const next = searchesAhead(3, async (i) => {
      if (i === 2) throw new Error('index thread lost');
      return i;
    });
    expect(await next(0)).toBe(0); // search 2 has already failed by now
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await next(1)).toBe(1);
    await expect(next(2)).rejects.toThrow('index thread lost');
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});
