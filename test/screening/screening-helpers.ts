// Shared helpers of the screening tests: shipped list paths, imports and index readiness.
import path from 'node:path';
import { RunningPlatform } from '../../platform/runtime/start-platform';
import { ImportResult, runImport, shippedWatchlistDir } from '../../subgraphs/screening/services/import-service';

export const WATCHLISTS = shippedWatchlistDir();
export const BIS_DPL = path.join(WATCHLISTS, 'us_bis_dpl_2022/dpl.txt');
export const UN_XML = path.join(WATCHLISTS, 'un_consolidated_2026-02/UN_consolidated.xml');

export function importList(platform: RunningPlatform, format: string, listPath: string, label?: string): Promise<ImportResult> {
  return runImport(platform.db, { format, path: listPath, label, origin: 'test' });
}

/** The index status of a screening subgraph, read from its /readyz/index endpoint. */
export interface IndexStatus {
  ready: boolean;
  generation: number;
  entities: number;
  versions: Record<string, string>;
  rowsLoaded: { full: number; delta: number } | null;
}

export async function indexStatus(subgraphUrl: string): Promise<IndexStatus> {
  const response = await fetch(subgraphUrl.replace(/\/graphql$/, '/readyz/index'));
  return ((await response.json()) as { index: IndexStatus }).index;
}

/** Waits until the subgraph's index serves the given source versions. */
export async function waitForIndex(subgraphUrl: string, expected: Record<string, string>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await indexStatus(subgraphUrl);
    if (status.ready && Object.entries(expected).every(([source, id]) => status.versions[source] === id)) return;
    if (Date.now() > deadline) throw new Error(`index did not reach ${JSON.stringify(expected)}; at ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function versionsOf(...results: ImportResult[]): Record<string, string> {
  return Object.fromEntries(results.flatMap((result) => result.sources.map((source) => [source.source, source.versionId])));
}
