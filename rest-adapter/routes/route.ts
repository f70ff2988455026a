// One row of the REST route table: how a documented REST call maps onto one GraphQL operation.
// The same rows drive the Express router, body validation and the OpenAPI document.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { z } from 'zod';
import { Area } from '../http/envelopes';
import { operationText } from '../operations/operation-text';

/** Credential forms a route accepts (the gateway then resolves them to a principal). */
export type AcceptedCredential =
  | 'api-key' // Authorization: Api-Key <key>
  | 'x-api-key' // X-Api-Key / x-api-key header
  | 'bearer' // Authorization: Bearer <dashboard token>
  | 'capture' // Authorization: Capture <session token> (hosted page)
  | 'invite' // Authorization: Invite <invite code> (hosted page)
  | 'none';

export const MANAGEMENT_CREDENTIALS: AcceptedCredential[] = ['api-key', 'x-api-key', 'bearer'];

export interface RouteInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** Parsed with lossless JSON: unsafe integers arrive as LosslessNumber. */
  body: unknown;
  headers: Record<string, string | undefined>;
  /** The caller's address as the adapter saw it (consent evidence). */
  clientIp?: string;
}

export interface RouteResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface RouteRow {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** Express-style path, e.g. /idv/v1/sessions/:sessionId */
  path: string;
  area: Area;
  summary: string;
  tag: string;
  credentials: AcceptedCredential[];
  body?: z.ZodType;
  /** Body size cap when larger than the adapter's default (express size text, e.g. "32mb"). */
  bodyLimit?: string;
  query?: z.ZodType;
  successStatus?: number;
  /** Response schema of `result` for the OpenAPI document. */
  response?: z.ZodType;
}

/** A row as written in a route table: its GraphQL operation is a typed document generated from
 * rest-adapter/operations/*.graphql, which types `variables` and the `data` `result` maps. */
export interface TypedRoute<TResult, TVariables> extends RouteRow {
  /** The GraphQL operation sent to the gateway. */
  document: TypedDocumentNode<TResult, TVariables>;
  variables?(input: RouteInput): TVariables;
  /** Maps the operation's `data` to the REST body (before the area envelope). A property, not a
   * method: route() takes it off the row, so it must not depend on `this`. */
  result?: (data: TResult, input: RouteInput) => RouteResult;
}

/** A row as the router runs it. */
export interface Route extends RouteRow {
  /** The GraphQL operation's text sent to the gateway. Omitted for routes answered by the adapter itself. */
  operation?: string;
  variables?(input: RouteInput): unknown;
  /** Maps the operation's `data` (or, without an operation, `{}`) to the REST body (before the area envelope). */
  result?(data: unknown, input: RouteInput): RouteResult;
}

/** A route table row from its typed document; the operation's text is printed here, once. */
export function route<TResult, TVariables>(row: TypedRoute<TResult, TVariables>): Route {
  const { document, result, ...rest } = row;
  return {
    ...rest,
    operation: operationText(document),
    // The gateway client checked the answer has data; its shape is the document's by the schema.
    ...(result ? { result: (data: unknown, input: RouteInput) => result(data as TResult, input) } : {}),
  };
}
