// Watchlist import from the command line, with a progress bar:
//   npm run watchlists -- --format ofac --path <dir-or-file> [--label <label>]
//   npm run watchlists -- --shipped [--dir <watchlists dir>] [--all-versions]
//   npm run watchlists -- --status
// Against DATABASE_URL, or the embedded database of `npm start` (running or not). The path of the
// shipped lists: --dir, else env VIGIL_WATCHLIST_DIR, else ../shared/data/watchlists from the project root.
// Every screening replica picks a new version up by itself (NOTIFY screening_versions).
import cliProgress from 'cli-progress';
import { withCliDatabase } from './cli-database';
import { Db } from '../../platform/db/prisma';
import { listActiveSources } from '../../subgraphs/screening/data/watchlist-store';
import { WATCHLIST_FORMATS } from '../../subgraphs/screening/services/engine-adapter';
import {
  ImportProgress,
  ImportResult,
  importShippedLists,
  runImport,
  shippedWatchlistDir,
} from '../../subgraphs/screening/services/import-service';
import { runCli } from './run-cli';

const USAGE = [
  'usage: npm run watchlists -- --format <format> --path <dir-or-file> [--label <label>]',
  '       npm run watchlists -- --shipped [--dir <dir>] [--all-versions]',
  '       npm run watchlists -- --status',
  `formats: ofac (= ofac_sdn), ${WATCHLIST_FORMATS.join(', ')}`,
].join('\n');

export function parseArgs(args: string[]): Record<string, string | true> {
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--')) throw new Error(`unexpected argument "${arg}"`);
    const [name, inline] = arg.slice(2).split('=', 2);
    if (inline !== undefined) flags[name] = inline;
    else if (args[i + 1] !== undefined && !args[i + 1].startsWith('--')) flags[name] = args[++i];
    else flags[name] = true;
  }
  return flags;
}

function progressBar(): { progress: ImportProgress; stop(): void } {
  const bar = new cliProgress.SingleBar(
    {
      format: '{label} {phase} [{bar}] {value}/{total} rows',
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 2000,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    progress: (event) => {
      const payload = { label: event.label.padEnd(36), phase: event.phase.padEnd(5) };
      if (event.phase === 'load') {
        if (started) bar.stop();
        bar.start(Math.max(1, event.total), event.done, payload);
        started = true;
        return;
      }
      bar.setTotal(Math.max(1, event.total));
      bar.update(event.done, payload);
    },
    stop: () => started && bar.stop(),
  };
}

function printResult(result: ImportResult): void {
  for (const s of result.sources) {
    const what =
      s.outcome === 'unchanged' ? 'unchanged (same content already active: no-op)' : `imported version ${s.seq} (${s.versionId})`;
    process.stdout.write(
      `  ${s.source.padEnd(10)} ${s.label}: ${what}; ${s.entities} entities, ${s.names} names; delta +${s.added} ~${s.changed} -${s.removed}` +
        `${s.duplicates ? `; ${s.duplicates} duplicate ids` : ''} (${s.ms} ms)\n`,
    );
  }
}

async function status(db: Db): Promise<void> {
  const rows = await listActiveSources(db);
  if (!rows.length) process.stdout.write('no watchlist loaded\n');
  for (const row of rows) {
    process.stdout.write(
      `${row.source.padEnd(10)} v${row.seq} ${row.label} ${row.entity_count} entities, ${row.name_count} names, imported ${row.imported_at?.toISOString() ?? '-'}\n`,
    );
  }
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  let flags: Record<string, string | true>;
  try {
    flags = parseArgs(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (flags.help || (!flags.shipped && !flags.status && (typeof flags.format !== 'string' || typeof flags.path !== 'string'))) {
    process.stderr.write(USAGE + '\n');
    return flags.help ? 0 : 2;
  }
  return withCliDatabase(async (db) => {
    const bar = progressBar();
    try {
      if (flags.status) {
        await status(db);
      } else if (flags.shipped) {
        const dir = typeof flags.dir === 'string' ? flags.dir : shippedWatchlistDir();
        const results = await importShippedLists(db, dir, { allVersions: Boolean(flags['all-versions']), origin: 'cli' }, bar.progress);
        bar.stop();
        process.stdout.write(`\nshipped watchlists from ${dir}:\n`);
        results.forEach(printResult);
      } else {
        const result = await runImport(
          db,
          {
            format: flags.format as string,
            path: flags.path as string,
            label: typeof flags.label === 'string' ? flags.label : undefined,
            origin: 'cli',
          },
          bar.progress,
        );
        bar.stop();
        process.stdout.write(`\nimport ${result.importId} (${result.format} ${result.path}):\n`);
        printResult(result);
      }
      return 0;
    } catch (error) {
      bar.stop();
      process.stderr.write(`\nerror: ${(error as Error).message}\n`);
      return 1;
    }
  });
}

if (require.main === module) runCli(main);
