// A child logger made on first use. pino's child() costs ~35 µs with the redaction paths of
// platform/logging/logger.ts (bindings are serialized through them), and every request made one
// or two (request id, tenant) that most requests never log with: ~3 % of a search's CPU.
import type { Logger } from '../logging/logger';

/** Behaves as `parent.child(bindings)`; the child is created the first time anything is read. */
export function lazyChildLogger(parent: Logger, bindings: Record<string, unknown>): Logger {
  return new Proxy(parent, new LazyChild(parent, bindings));
}

/** The proxy's handler: a class, so that a request makes one object and no closures (under tsx
 * each closure made per call is also named at run time, a property definition per closure). */
class LazyChild implements ProxyHandler<Logger> {
  private child: Logger | undefined = undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Record<string, unknown>,
  ) {}

  get(_target: Logger, property: string | symbol): unknown {
    const target = this.real();
    const value: unknown = Reflect.get(target, property, target);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  }

  set(_target: Logger, property: string | symbol, value: unknown): boolean {
    return Reflect.set(this.real(), property, value);
  }

  has(_target: Logger, property: string | symbol): boolean {
    return Reflect.has(this.real(), property);
  }

  private real(): Logger {
    return (this.child ??= this.parent.child(this.bindings));
  }
}
