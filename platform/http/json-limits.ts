// Limits applied to JSON request bodies before any parser recursion can run: a body nested
// thousands deep would otherwise exhaust the stack (a 500 naming engine internals).
import express, { NextFunction, Request, RequestHandler, Response } from 'express';

/** Deepest nesting of objects and arrays a request body may have. */
export const MAX_JSON_DEPTH = 64;
/** Largest JSON body a GraphQL endpoint accepts. */
/** Batch screening sends up to 100,000 entities in one request. */
export const GRAPHQL_BODY_LIMIT = '32mb';

/** The nesting depth of JSON text, scanning brackets outside strings; stops early past `stopAt`. */
export function jsonDepth(text: string, stopAt = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 92 /* \ */) i++;
      else if (char === 34 /* " */) inString = false;
      continue;
    }
    if (char === 34) inString = true;
    else if (char === 123 || char === 91 /* { [ */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAt) return deepest;
      }
    } else if (char === 125 || char === 93 /* } ] */) depth--;
  }
  return deepest;
}

export class JsonTooDeepError extends Error {
  readonly status = 400;
  readonly expose = true;
  readonly type = 'entity.too.deep';
  constructor() {
    super(`JSON body nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

export function assertJsonDepth(text: string): void {
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw new JsonTooDeepError();
}

/** express.json with the depth limit checked on the raw text first, and body errors answered as
 * GraphQL-shaped JSON errors (400 malformed or too deep, 413 too large) instead of HTML. */
export function graphqlJsonBody(limit = GRAPHQL_BODY_LIMIT): RequestHandler[] {
  const parser = express.json({ limit, verify: (_req, _res, buffer) => assertJsonDepth(buffer.toString('utf8')) });
  const onError = (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const failure = bodyFailure(error);
    if (!failure) return next(error);
    res
      .status(failure.status)
      .json({ errors: [{ message: failure.message, extensions: { code: failure.code, http: { status: failure.status } } }] });
  };
  return [parser, onError as unknown as RequestHandler];
}

export interface BodyFailure {
  status: number;
  code: 'schema_validation_failed' | 'payload_too_large';
  message: string;
}

/** A client error raised by Express or body parsing (bad escapes, bad JSON, too large, too deep). */
export function bodyFailure(error: unknown): BodyFailure | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, type, expose } = error as { status?: number; type?: string; expose?: boolean };
  if (type === 'entity.too.large' || status === 413) return { status: 413, code: 'payload_too_large', message: 'Request body too large' };
  if (error instanceof JsonTooDeepError || type === 'entity.too.deep')
    return { status: 400, code: 'schema_validation_failed', message: (error as Error).message };
  if (error instanceof URIError || (status === 400 && (error as Error).message?.startsWith('Failed to decode param'))) {
    return { status: 400, code: 'schema_validation_failed', message: 'Malformed percent-encoding in the request path' };
  }
  if (type === 'entity.parse.failed') return { status: 400, code: 'schema_validation_failed', message: 'Malformed JSON body' };
  if (typeof status === 'number' && status >= 400 && status < 500 && expose !== false) {
    return { status: 400, code: 'schema_validation_failed', message: 'Malformed request' };
  }
  return undefined;
}
