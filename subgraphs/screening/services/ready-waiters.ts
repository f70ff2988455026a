// The whenReady() callers of an index holder (in this thread or on the index thread): released by
// the first build, refused when the holder closes first or after their own timeout.
export class ReadyWaiters {
  private waiters: ((error?: Error) => void)[] = [];

  /** Resolves when release() is called, rejects on refuse() or after timeoutMs. */
  wait(timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      // A waiter's timer must not keep a stopping process alive (a batch job waits up to 10 min).
      const timer = setTimeout(() => reject(new Error('screening index not ready')), timeoutMs);
      timer.unref();
      this.waiters.push((error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      });
    });
  }

  release(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  refuse(error: Error): void {
    for (const waiter of this.waiters.splice(0)) waiter(error);
  }
}
