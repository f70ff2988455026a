/** PostgreSQL text cannot hold NUL, and lone surrogates would not survive UTF-8: such an id can
 * match no row, so lookups skip the query (an unknown id, not a database error). */
export function queryableId(id: string): boolean {
  return id.length > 0 && id.length <= 200 && isStorableText(id);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can store as given: no NUL character, no lone UTF-16 surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}
