// Closing the index holder settles its whenReady() waiters: a batch job waiting for the first build
// (up to 10 min) must neither hang nor hold a timer that keeps a stopping process alive.
import pino from 'pino';
import { ScreeningIndexHolder } from './index-holder';

const holder = () => new ScreeningIndexHolder({ databaseUrl: 'postgresql://nobody@127.0.0.1:1/none', log: pino({ level: 'silent' }) });

it('refuses pending whenReady() waiters when it closes', async () => {
  const closing = holder();
  const waiting = closing.whenReady(10 * 60_000);
  await closing.close();
  await expect(waiting).rejects.toThrow('screening index holder closed');
});

it('refuses whenReady() after close', async () => {
  const closed = holder();
  await closed.close();
  await expect(closed.whenReady()).rejects.toThrow('closed');
});
