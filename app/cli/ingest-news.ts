// Article ingestion from the command line, with a progress bar (adverse media, News feed):
//   npm run news -- --path <file> [--path <file> ...] [--format auto|jsonl|rss|atom]
// Against DATABASE_URL, or the embedded database of `npm start` (running or not). Idempotent:
// articles already stored with the same content are skipped, changed ones replaced. Every
// screening replica serves new articles on its next News search (no restart).
import cliProgress from 'cli-progress';
import { withCliDatabase } from './cli-database';
import { NEWS_FORMATS } from '../../subgraphs/screening/news/services/formats';
import { IngestResult, ingestNewsFile } from '../../subgraphs/screening/news/services/ingest-service';
import { runCli } from './run-cli';

const USAGE = `usage: npm run news -- --path <file> [--path <file> ...] [--format ${NEWS_FORMATS.join('|')}]`;

/** --path may repeat; every other flag takes one value. */
export function parseNewsArgs(args: string[]): { paths: string[]; format: string; help: boolean } {
  const out = { paths: [] as string[], format: 'auto', help: false };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split('=', 2);
    const value = () => inline ?? args[++i];
    if (flag === '--help' || flag === '-h') out.help = true;
    else if (flag === '--path') out.paths.push(value());
    else if (flag === '--format') out.format = value();
    else throw new Error(`unexpected argument "${args[i]}"`);
  }
  if (out.paths.some((p) => !p)) throw new Error('--path needs a file');
  return out;
}

function printResult(result: IngestResult): void {
  process.stdout.write(
    `  ${result.path} (${result.format}): ${result.articles} articles: ${result.created} new, ${result.updated} updated, ${result.unchanged} unchanged; ` +
      `${result.mentions} name mentions; ${result.rejected} rejected\n`,
  );
  for (const r of result.rejections)
    process.stdout.write(`    rejected ${result.format === 'jsonl' ? 'line' : 'item'} ${r.line}: ${r.reason}\n`);
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  let args: ReturnType<typeof parseNewsArgs>;
  try {
    args = parseNewsArgs(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (args.help || !args.paths.length) {
    process.stderr.write(USAGE + '\n');
    return args.help ? 0 : 2;
  }
  return withCliDatabase(async (db) => {
    const bar = new cliProgress.SingleBar(
      { format: '{file} [{bar}] {value}/{total} articles', hideCursor: true, noTTYOutput: true, notTTYSchedule: 2000 },
      cliProgress.Presets.shades_classic,
    );
    try {
      for (const file of args.paths) {
        let started = false;
        const result = await ingestNewsFile(db, { path: file, format: args.format }, (done, total) => {
          if (!started) bar.start(Math.max(1, total), done, { file });
          else bar.update(done);
          started = true;
        });
        if (started) bar.stop();
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
