// Prisma CLI configuration. Prisma 6.19 runs fully offline when the CLI uses the pg driver adapter
// and the JS engine (see ../shared/docs/stack-notes.md); Prisma 7 cannot migrate without internet.
import path from 'node:path';
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';

// The CLI falls back to downloading a native engine when the URL does not resolve, so a
// placeholder is given for commands (generate, migrate diff) that never connect.
const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://vigil:vigil@127.0.0.1:5432/vigil';
process.env.DATABASE_URL = databaseUrl;

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join('prisma', 'schema'),
  migrations: { path: path.join('prisma', 'migrations') },
  async adapter() {
    return new PrismaPg({ connectionString: databaseUrl });
  },
});
