// A child logger made on first use. pino's child() costs ~35 µs with the redaction paths of
// platform/logging/logger.ts (bindings are serialized through them), and every request made one
// or two (request id, tenant) that most requests never log with: ~3 % of a search's CPU.
import type { Logger } from '../logging/logger';

/** Behaves as `parent.child(bindings)`; the child is created the first time anything is read. */
export function lazyChildLogger(parent: Logger, bindings: Record<string, unknown>): Logger {
  let child: Logger | undefined;
  const real = () => (child ??= parent.child(bindings));
  return new Proxy(parent, {
    get(_target, property) {
      const target = real();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set(_target, property, value) {
      return Reflect.set(real(), property, value);
    },
    has(_target, property) {
      return Reflect.has(real(), property);
    },
  });
}
