// A file the code generator writes and checks: generated source is committed (a production image
// installs without the dev tools that make it), and `npm run codegen -- --check` fails when a
// committed file differs from what the schema makes now.
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export interface GeneratedFile {
  /** Absolute path of the committed file. */
  path: string;
  generate(): Promise<string>;
}
