/** Watchlist loading entry points: a format dispatcher and detection of the shipped list folders. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { WatchlistEntity } from './model';
import { loadBisDpl } from './loaders/bis-dpl';
import { loadEuFsfCsv } from './loaders/eu-fsf-csv';
import { loadEuFsfXml } from './loaders/eu-fsf-xml';
import { loadFtmFile } from './loaders/ftm';
import { loadOfac, ofacFilesIn } from './loaders/ofac';
import { loadUkOfsiCsv } from './loaders/uk-ofsi';
import { loadUnXml } from './loaders/un';
import { envValue } from '../../../platform/config/env';

export * from './model';
export { loadOfac, ofacFilesIn } from './loaders/ofac';
export { loadUnXml, parseUnXml } from './loaders/un';
export { loadBisDpl } from './loaders/bis-dpl';
export { loadEuFsfCsv, parseEuFsfCsv } from './loaders/eu-fsf-csv';
export { loadEuFsfXml, parseEuFsfXml } from './loaders/eu-fsf-xml';
export { loadUkOfsiCsv, parseUkOfsiCsv } from './loaders/uk-ofsi';
export { ftmSourceName, ftmToEntity, loadFtmFile, parseFtmLines, streamFtmFile } from './loaders/ftm';

export type WatchlistFormat = 'ofac_sdn' | 'ofac_cons' | 'un_xml' | 'bis_dpl' | 'eu_fsf_csv' | 'eu_fsf_xml' | 'uk_ofsi_csv' | 'ftm_jsonl';

/**
 * Loads one list. For OFAC formats `paths` is either the folder or [primary, alt?, add?, comments?];
 * other formats take one file path.
 */
export async function loadWatchlist(format: WatchlistFormat, paths: string | string[]): Promise<WatchlistEntity[]> {
  const list = Array.isArray(paths) ? paths : [paths];
  if (!list.length) throw new Error(`loadWatchlist(${format}): no path given`);
  switch (format) {
    case 'ofac_sdn':
    case 'ofac_cons': {
      if (list.length === 1 && statSync(list[0]).isDirectory()) {
        const files = ofacFilesIn(list[0]);
        return loadOfac(files, files.source);
      }
      const [primary, alt, add, comments] = list;
      return loadOfac({ primary, alt, add, comments }, format);
    }
    case 'un_xml':
      return loadUnXml(list[0]);
    case 'bis_dpl':
      return loadBisDpl(list[0]);
    case 'eu_fsf_csv':
      return loadEuFsfCsv(list[0]);
    case 'eu_fsf_xml':
      return loadEuFsfXml(list[0]);
    case 'uk_ofsi_csv':
      return loadUkOfsiCsv(list[0]);
    case 'ftm_jsonl':
      return loadFtmFile(list[0]);
    default:
      throw new Error(`unknown watchlist format ${String(format)}`);
  }
}

export interface ShippedList {
  folder: string;
  format: WatchlistFormat;
  paths: string[];
}

/** Maps the folders of a watchlists directory (as in /work/shared/data/watchlists) to loaders, by the files they hold. */
export function detectShippedLists(dir: string): ShippedList[] {
  const out: ShippedList[] = [];
  for (const folder of readdirSync(dir).sort()) {
    const full = join(dir, folder);
    if (!statSync(full).isDirectory()) continue;
    const files = readdirSync(full);
    const has = (re: RegExp) => files.filter((f) => re.test(f)).map((f) => join(full, f));
    if (existsSync(join(full, 'sdn.csv'))) out.push({ folder, format: 'ofac_sdn', paths: [full] });
    else if (existsSync(join(full, 'cons_prim.csv'))) out.push({ folder, format: 'ofac_cons', paths: [full] });
    else if (has(/^UN.*\.xml$/i).length || has(/consolidated.*\.xml$/i).length)
      out.push({ folder, format: 'un_xml', paths: has(/\.xml$/i).slice(0, 1) });
    else if (has(/^dpl\.txt$/i).length) out.push({ folder, format: 'bis_dpl', paths: has(/^dpl\.txt$/i) });
    else if (/^eu_fsf/i.test(folder) && has(/\.csv$/i).length)
      out.push({ folder, format: 'eu_fsf_csv', paths: has(/\.csv$/i).slice(0, 1) });
    else if (/^eu_fsf/i.test(folder) && has(/\.xml$/i).length)
      out.push({ folder, format: 'eu_fsf_xml', paths: has(/\.xml$/i).slice(0, 1) });
    else if (/^uk_ofsi/i.test(folder) && has(/\.csv$/i).length)
      out.push({ folder, format: 'uk_ofsi_csv', paths: has(/\.csv$/i).slice(0, 1) });
    else if (has(/\.(jsonl|ftm\.json)$/i).length)
      out.push({ folder, format: 'ftm_jsonl', paths: has(/\.(jsonl|ftm\.json)$/i).slice(0, 1) });
  }
  return out;
}

/** Loads every detected list of a directory. */
export async function loadShippedLists(dir: string): Promise<{ list: ShippedList; entities: WatchlistEntity[] }[]> {
  const out: { list: ShippedList; entities: WatchlistEntity[] }[] = [];
  for (const list of detectShippedLists(dir)) out.push({ list, entities: await loadWatchlist(list.format, list.paths) });
  return out;
}

export const SHIPPED_WATCHLISTS_DIR = envValue('VIGIL_WATCHLISTS_DIR') ?? '/work/shared/data/watchlists';
