// Password hashing: argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane), as PHC
// strings, so parameters raised later still verify the hashes stored before.
import { hash, verify } from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolatedModules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a hash that cannot be read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** Verifies against a hash of nothing: an unknown email or an account without a password takes the
 * time a wrong password takes, so the answer's timing does not tell which emails exist. */
export async function verifyDummy(password: string): Promise<false> {
  dummy ??= hashPassword('vigil dummy password: never matches');
  await verifyPassword(await dummy, password);
  return false;
}
