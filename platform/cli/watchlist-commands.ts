// Watchlist commands for `npm run cli` (same shape as the COMMANDS table of platform/cli/main.ts;
// to enable them there: `...WATCHLIST_COMMANDS` in COMMANDS). The stand-alone CLI with a progress
// bar is subgraphs/screening/cli/import-watchlist.ts.
import { Db } from '../db/prisma';
import { listActiveSources, Sql } from '../../subgraphs/screening/data/watchlist-store';
import { importShippedLists, runImport, shippedWatchlistDir } from '../../subgraphs/screening/services/import-service';

type Flags = Record<string, string>;

function print(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

export const WATCHLIST_COMMANDS: Record<string, { usage: string; run(db: Db, flags: Flags): Promise<void> }> = {
  'import-watchlist': {
    usage: 'import-watchlist --format <ofac|ofac_sdn|ofac_cons|un_xml|bis_dpl|eu_fsf_csv|eu_fsf_xml|uk_ofsi_csv|ftm_jsonl> --path <dir-or-file> [--label <label>]',
    async run(db, flags) {
      if (!flags.format || !flags.path) throw new Error('--format and --path are required');
      const result = await runImport(db, { format: flags.format, path: flags.path, label: flags.label || undefined, origin: 'cli' });
      print(result);
    },
  },
  'import-shipped-watchlists': {
    usage: 'import-shipped-watchlists [--dir <dir>] [--all-versions true]',
    async run(db, flags) {
      const results = await importShippedLists(db, flags.dir || shippedWatchlistDir(), { allVersions: flags['all-versions'] === 'true', origin: 'cli' });
      print(results.flatMap((result) => result.sources));
    },
  },
  'list-watchlists': {
    usage: 'list-watchlists',
    async run(db) {
      print(await listActiveSources(db as unknown as Sql));
    },
  },
};
