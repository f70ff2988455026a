// The plain service bench:screening puts beside POST /v1/search-sync: node:http + pg over the
// pg_trgm peer table (bench/lib/trigram-peer.ts). POST {"name": "..."} → {"results": [{id, score}]}.
// Started by the bench as a child process: tsx bench/screening-trgm-service.ts <databaseUrl> <table>
import http from 'node:http';
import pg from 'pg';
import { TRIGRAM_THRESHOLD, trigramQuery } from './lib/trigram-peer';

const [databaseUrl, table] = process.argv.slice(2);
// The threshold is a setting of each connection from its start (what set_limit() sets): a query fired from the pool's
// 'connect' event would overlap the first query on that connection.
const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: 8,
  options: `-c pg_trgm.similarity_threshold=${TRIGRAM_THRESHOLD}`,
});
const query = trigramQuery(table);

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => void answer(Buffer.concat(chunks), res));
});

/** Answers one request; every failure becomes a 400, so the promise never rejects. */
async function answer(request: Buffer, res: http.ServerResponse): Promise<void> {
  try {
    const { name } = JSON.parse(request.toString('utf8')) as { name?: unknown };
    if (typeof name !== 'string' || !name) throw new Error('name required');
    const rows = await pool.query<{ entity_id: string; s: number }>(query, [name]);
    const body = JSON.stringify({ results: rows.rows.map((row) => ({ id: row.entity_id, score: Number(row.s) })) });
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  } catch (error) {
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (error as Error).message }));
  }
}
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`READY ${JSON.stringify({ trgm: `http://127.0.0.1:${(server.address() as { port: number }).port}/` })}\n`),
);
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
