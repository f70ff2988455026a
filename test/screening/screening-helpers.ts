// Shared helpers of the screening tests: shipped list paths, imports and index readiness.
import path from 'node:path';
import { RunningPlatform } from '../../app/start-platform';
import { createSiblingWorkspace, createTestTenant, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
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

/** Polls GET /v1/search/{id} until the job reaches one of `statuses` (batch tests). */
export async function waitForBatch(
  restUrl: string,
  apiKey: string,
  id: string,
  statuses = ['completed', 'failed'],
  timeoutMs = 120_000,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a response body: untyped JSON whose shape the test asserts
): Promise<any> {
  const { request, auth } = await import('../helpers/test-platform');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request(restUrl, 'GET', `/v1/search/${id}?limit=1`, { headers: auth.xApiKey(apiKey) });
    if (response.status !== 200) throw new Error(`batch status ${response.status}: ${response.text}`);
    if (statuses.includes(response.body.result.status)) return response.body.result;
    if (Date.now() > deadline) throw new Error(`batch ${id} still ${response.body.result.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Names for a batch: listed names (some misspelled) mixed with names no list holds. */
export function batchNames(count: number): { type?: string; name: string; custom_id: string }[] {
  const listed = [
    'Barzan Ibrahim Hassan al-Tikriti',
    'Huda Salih Mahdi Ammash',
    'Hikmat Mizban Ibrahim al-Azzawi',
    'Watban Ibrahim Hasan al-Tikriti',
  ];
  return Array.from({ length: count }, (_, i) => ({
    type: i % 3 === 0 ? 'individual' : undefined,
    name: i % 5 === 0 ? listed[(i / 5) % listed.length] : `Customer ${i} Quillfeather Abernathy`,
    custom_id: `c-${i}`,
  })).map((entity) => (entity.type ? entity : { name: entity.name, custom_id: entity.custom_id }));
}

/** A running platform with the UN list indexed, a tenant and a sibling workspace of it: the
 * usual start of a screening test file. */
export async function startScreeningWithUnList(): Promise<{ platform: TestPlatform; tenant: TestTenant; sibling: TestTenant }> {
  const platform = await startTestPlatform();
  const tenant = await createTestTenant(platform);
  const sibling = await createSiblingWorkspace(platform, tenant);
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(un));
  return { platform, tenant, sibling };
}
