// A unique constraint refused a write, as the data layers report it: services catch this domain
// error instead of knowing Prisma's error classes or codes (only data/ folders know Prisma).

/** Thrown by a data function when the row it writes collides with a unique constraint. */
export class UniqueViolation extends Error {
  constructor(what: string, options?: { cause?: unknown }) {
    super(`unique constraint refused the write of ${what}`, options);
    this.name = 'UniqueViolation';
  }
}

/** Prisma's code of a unique constraint violation (PrismaClientKnownRequestError). */
function isPrismaUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'P2002';
}

/** Runs one write; a unique violation becomes UniqueViolation (other errors pass unchanged). */
export async function translateUniqueViolation<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isPrismaUniqueViolation(error)) throw new UniqueViolation(what, { cause: error });
    throw error;
  }
}
