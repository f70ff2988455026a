// Records the SQL statements every pg client of this process sends (Prisma's adapter and the raw
// pools alike) while recording is on: the statement-count tests of the read and insert paths.
import pg from 'pg';

export interface StatementRecorder {
  /** The recorded statements' texts, in order. */
  readonly texts: string[];
  /** Their statement names (undefined: unnamed, as Prisma sends its queries), aligned with `texts`. */
  readonly names: (string | undefined)[];
  /** Clears what was recorded and records from now on. */
  start(): void;
  /** Stops recording (what was recorded stays readable). */
  stop(): void;
  /** Puts pg's own query back. */
  uninstall(): void;
}

/** Wraps pg.Client's query for this process; call in beforeAll, uninstall in afterAll. */
export function installStatementRecorder(): StatementRecorder {
  const texts: string[] = [];
  const names: (string | undefined)[] = [];
  let recording = false;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be called with each client as `this`
  const originalQuery = pg.Client.prototype.query;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query has a dozen overloads; this forwards any of them
  (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
    if (recording) {
      texts.push(typeof args[0] === 'string' ? args[0] : String(args[0]?.text ?? ''));
      names.push(typeof args[0] === 'string' ? undefined : args[0]?.name);
    }
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  };
  return {
    texts,
    names,
    start() {
      texts.length = 0;
      names.length = 0;
      recording = true;
    },
    stop() {
      recording = false;
    },
    uninstall() {
      pg.Client.prototype.query = originalQuery;
    },
  };
}

/** A transaction's control statements: BEGIN (with the limits it sets for itself) and COMMIT. */
const isControl = (text: string) => text === 'COMMIT' || text.startsWith('BEGIN;');

/**
 * The texts of a recording's unnamed statements (Prisma sends unnamed ones; prepared statements
 * are named), a transaction's BEGIN and COMMIT aside: what a "prepared statements only" check
 * expects empty. Texts, not names: Jest's toEqual counts `[undefined]` equal to `[]`.
 */
export function unnamedStatements(run: { texts: readonly string[]; names: readonly (string | undefined)[] }): string[] {
  return run.texts.filter((text, index) => run.names[index] === undefined && !isControl(text));
}
