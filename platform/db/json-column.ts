// Typed codecs for JSON columns: the one place a column's stored JSON becomes its TypeScript type
// and back. Each domain declares one codec per column in its data layer (data/json-columns.ts);
// services read `codec.read(row.column)` and write `codec.write(value)` instead of casting.
import type { Prisma } from './prisma-client';

/** The codec of one JSON column holding T. */
export interface JsonColumn<T> {
  /** The stored JSON as T; throws when its outline is not T's (see jsonColumn). */
  read(value: unknown): T;
  /** T as Prisma's input JSON type. */
  write(value: T): Prisma.InputJsonValue;
}

/** An outline check of a stored value: cheap, one or two type tests, never a walk of the value. */
export type JsonOutline = (value: unknown) => boolean;

/**
 * A codec whose read checks only the value's outline (an array, an object, null) and then trusts
 * the shape. These columns are written by this code alone, always through the same codec's
 * `write` from a typed value, so a full schema parse on every read would re-prove what the
 * compiler already proved at the write, and the reads sit on hot paths (a session's manifests on
 * every capture call, search match payloads by the thousand, risk ratings on every assessment
 * read): a zod parse of those rows would cost more than the query. The outline check still makes
 * a wrong column or a hand-edited row fail here, with the column's name, instead of deep inside a
 * service. Columns holding input from outside (none today) would deserve a zod parser instead.
 */
export function jsonColumn<T>(column: string, outline: JsonOutline): JsonColumn<T> {
  return {
    read(value) {
      if (!outline(value)) throw new Error(`JSON column ${column}: the stored value is not of the expected shape`);
      return value as T;
    },
    write(value) {
      return value as unknown as Prisma.InputJsonValue;
    },
  };
}

/** The codec of a JSON column whose shape another column of the row names (an event's type, an
 * evidence kind): `Shapes` maps each name to its stored shape. Same trust as jsonColumn. */
export interface KeyedJsonColumn<Shapes> {
  read<K extends keyof Shapes>(key: K, value: unknown): Shapes[K];
  write<K extends keyof Shapes>(key: K, value: Shapes[K]): Prisma.InputJsonValue;
}

export function keyedJsonColumn<Shapes>(column: string, outline: JsonOutline): KeyedJsonColumn<Shapes> {
  const codec = jsonColumn<unknown>(column, outline);
  return {
    read: <K extends keyof Shapes>(_key: K, value: unknown) => codec.read(value) as Shapes[K],
    write: (_key, value) => codec.write(value),
  };
}

/** Outlines for jsonColumn. */
export const isJsonArray: JsonOutline = (value) => Array.isArray(value);
export const isJsonObject: JsonOutline = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** The outline, or JSON null / SQL NULL (a nullable column, or one whose readers default null). */
export const orNull =
  (outline: JsonOutline): JsonOutline =>
  (value) =>
    value === null || value === undefined || outline(value);
