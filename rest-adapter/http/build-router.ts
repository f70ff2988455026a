// Turns the route table into Express handlers: credential form check, lossless body parsing,
// schema validation, one GraphQL call to the gateway, and the area's envelope.
import express, { Request, Response } from 'express';
import { bodyFailure, jsonDepth, MAX_JSON_DEPTH } from '../../platform/http/json-limits';
import { failedCredentialWait } from '../../platform/http/rate-limit';
import { isDatabaseUnavailable, RETRY_AFTER_UNAVAILABLE_SECONDS } from '../../platform/errors/unavailable';
import { ApiError } from './api-error';
import { areaHeaders, errorEnvelope, successEnvelope, Area } from './envelopes';
import { GatewayClient } from './gateway-client';
import { parseLossless, stringifyLossless } from './lossless-json';
import { validate } from './validation';
import { AcceptedCredential, Route, RouteInput } from '../routes/route';

const BODY_LIMIT = '1mb';

export function buildRouter(routes: Route[], gateway: GatewayClient): express.Router {
  const router = express.Router();
  const rawBody = express.raw({ type: () => true, limit: BODY_LIMIT });
  for (const route of routes) {
    const body = route.bodyLimit ? express.raw({ type: () => true, limit: route.bodyLimit }) : rawBody;
    router[route.method](route.path, body, async (req: Request, res: Response) => {
      try {
        checkCredentialForm(req, route.credentials);
        const input: RouteInput = {
          params: req.params as Record<string, string>,
          query: route.query ? (validate(route.query, req.query, 'query') as Record<string, unknown>) : req.query,
          body: route.body ? validate(route.body, readBody(req), 'body') : readBody(req),
          headers: lowerCaseHeaders(req),
          clientIp: req.ip,
        };
        const data = route.operation
          ? await gateway.execute(route.operation, route.variables?.(input) ?? {}, input.headers, req.requestId, req.socket.remoteAddress)
          : {};
        const result = route.result ? route.result(data, input) : { body: data };
        const status = result.status ?? route.successStatus ?? 200;
        send(res, status, route.area, successEnvelope(route.area, status, result.body), result.headers);
      } catch (error) {
        sendError(req, res, route.area, error);
      }
    });
  }
  return router;
}

export function sendError(req: Request, res: Response, area: Area, error: unknown): void {
  const failure = error instanceof ApiError ? undefined : bodyFailure(error);
  const apiError =
    error instanceof ApiError
      ? error
      : failure
        ? ApiError.of(failure.code, failure.message)
        : isDatabaseUnavailable(error)
          ? ApiError.of('service_unavailable', 'The database is unavailable; retry later')
          : undefined;
  if (!apiError) req.log.error({ err: error }, 'unexpected adapter error');
  let final = apiError ?? ApiError.of('internal_error', 'Internal error');
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  // A failed credential beyond the address's budget answers 429 instead of 401
  // (platform/http/rate-limit.ts); valid credentials never get here.
  const wait = final.status === 401 ? failedCredentialWait(req) : 0;
  if (wait > 0) {
    final = ApiError.of('rate_limited', `Too many failed credentials; retry after ${wait} s`);
    headers['Retry-After'] = String(wait);
  }
  // Every 503 is temporary (a dependency is down or still starting): say when to try again.
  if (final.status === 503) headers['Retry-After'] = String(RETRY_AFTER_UNAVAILABLE_SECONDS);
  send(res, final.status, area, errorEnvelope(area, final.status, { code: final.code, message: final.message }), headers);
}

function send(res: Response, status: number, area: Area, body: unknown, headers: Record<string, string> = {}): void {
  res.status(status);
  for (const [name, value] of Object.entries({ ...areaHeaders(area), ...headers })) res.setHeader(name, value);
  if (status === 204) return void res.end();
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(stringifyLossless(body));
}

function readBody(req: Request): unknown {
  const raw: unknown = req.body;
  if (!Buffer.isBuffer(raw) || raw.length === 0) return undefined;
  const text = raw.toString('utf8');
  // Checked on the text, before the recursive parser could exhaust the stack.
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw ApiError.of('schema_validation_failed', `Malformed JSON body: nested deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return parseLossless(text);
  } catch (error) {
    if (error instanceof RangeError) throw ApiError.of('schema_validation_failed', 'Malformed JSON body');
    throw ApiError.of('schema_validation_failed', `Malformed JSON body: ${(error as Error).message}`);
  }
}

/** Which credential form the request presents; the gateway decides whether it is valid. */
function presentedCredential(req: Request): AcceptedCredential | 'other' | undefined {
  const authorization = req.header('authorization');
  if (authorization) {
    const scheme = authorization.trim().split(/\s+/)[0].toLowerCase();
    if (scheme === 'api-key' || scheme === 'bearer' || scheme === 'capture' || scheme === 'invite') return scheme;
    return 'other';
  }
  return req.header('x-api-key') ? 'x-api-key' : undefined;
}

function checkCredentialForm(req: Request, accepted: AcceptedCredential[]): void {
  if (accepted.includes('none')) return;
  const presented = presentedCredential(req);
  if (!presented) throw ApiError.of('missing_authentication', 'Missing authentication');
  if (presented === 'other' || !accepted.includes(presented)) throw ApiError.of('unauthorized', 'Unauthorized');
}

function lowerCaseHeaders(req: Request): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}
