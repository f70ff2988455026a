// One index per process: the screening subgraph and the batch and monitoring workers of a process
// lease the same holder; it stops when the last lease goes.
import pino from 'pino';
import { leaseIndexHolder } from './shared-index-holder';

// Nothing listens there: the holder keeps retrying in the background, which is all this needs.
const options = (databaseUrl: string) => ({ databaseUrl, log: pino({ level: 'silent' }), pollMs: 60_000 });

it('hands every lease of one database the same holder, and another database its own', async () => {
  const subgraph = leaseIndexHolder(options('postgresql://nobody@127.0.0.1:1/a'));
  const batch = leaseIndexHolder(options('postgresql://nobody@127.0.0.1:1/a'));
  const other = leaseIndexHolder(options('postgresql://nobody@127.0.0.1:1/b'));
  // A replica kept differently (another version-check interval) is another holder.
  const slower = leaseIndexHolder({ ...options('postgresql://nobody@127.0.0.1:1/a'), pollMs: 600_000 });
  expect(batch.holder).toBe(subgraph.holder);
  expect(other.holder).not.toBe(subgraph.holder);
  expect(slower.holder).not.toBe(subgraph.holder);
  await Promise.all([subgraph.release(), batch.release(), other.release(), slower.release()]);
});

it('stops the holder when the last lease goes, not before; a later lease starts a new one', async () => {
  const url = 'postgresql://nobody@127.0.0.1:1/c';
  const subgraph = leaseIndexHolder(options(url));
  const monitoring = leaseIndexHolder(options(url));
  const waiting = subgraph.holder.whenReady(60_000);
  await monitoring.release();
  await monitoring.release(); // idempotent: does not take the subgraph's lease
  // One lease left: the holder still runs (a closed holder refuses whenReady() at once).
  const stillOpen = subgraph.holder.whenReady(60_000);
  const state = await Promise.race([
    stillOpen.then(
      () => 'ready',
      () => 'refused',
    ),
    new Promise((resolve) => setTimeout(() => resolve('waiting'), 50)),
  ]);
  expect(state).toBe('waiting');
  await subgraph.release();
  await expect(waiting).rejects.toThrow('screening index holder closed');
  await expect(stillOpen).rejects.toThrow('screening index holder closed');
  const later = leaseIndexHolder(options(url));
  expect(later.holder).not.toBe(subgraph.holder);
  await later.release();
});
