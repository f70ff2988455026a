// The documented envelopes of each REST area, for success and for errors.
//   idv   {data: ...}                    errors {error: {code, message}}     Cache-Control: no-store
//   clm   {msg, status, result}          errors {msg, status, result: null, error: {code, message}}
//   risk  {status, msg, result}          errors {status, msg, error: {code, message}}
//   reports  {status, response, reports}  errors {status, response, error: {code, message}}
//   public   the route's own body        errors {error: {code, message}}
// POST /v1/reports answers its documented top-level shape; its errors keep the same top-level
// `status` (and `response`, the message), so a client reads `status` whatever the outcome.
export type Area = 'idv' | 'clm' | 'risk' | 'reports' | 'public';

export interface ApiErrorBody {
  code: string;
  message: string;
}

export function errorEnvelope(area: Area, status: number, error: ApiErrorBody): unknown {
  switch (area) {
    case 'idv':
    case 'public':
      return { error };
    case 'clm':
      return { msg: error.message, status, result: null, error };
    case 'risk':
      return { status, msg: error.message, error };
    case 'reports':
      return { status, response: error.message, error };
  }
}

/** Wraps a route's result. IDV routes build their whole body (`data` plus siblings such as
 * session_token), so they pass it through. */
export function successEnvelope(area: Area, status: number, result: unknown): unknown {
  switch (area) {
    case 'idv':
    case 'reports':
    case 'public':
      return result;
    case 'clm':
      return { msg: 'success', status, result };
    case 'risk':
      return { status, msg: 'success', result };
  }
}

export function areaHeaders(area: Area): Record<string, string> {
  return area === 'idv' ? { 'Cache-Control': 'no-store' } : {};
}
