// The double-submit CSRF token: the web layer sets the vigil_csrf cookie (readable by script) and
// refuses a POST whose x-csrf-token header does not carry the same value.
export function csrfToken(): string {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'vigil_csrf') return decodeURIComponent(rest.join('='));
  }
  return '';
}

/** Errors of the console's endpoints: a code from the API's error table, and the HTTP status. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** Called when any request answers 401: the session ended (idle or absolute timeout, sign-out elsewhere). */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}
export function reportUnauthorized(): void {
  for (const listener of unauthorizedListeners) listener();
}

/** Reads `{error: {code, message}}` from a failed response (or makes one up from the status). */
export async function errorFrom(response: Response): Promise<ApiRequestError> {
  let code = `http_${response.status}`;
  let message = response.statusText || code;
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    if (body.error?.code) code = body.error.code;
    if (body.error?.message) message = body.error.message;
  } catch {
    // Not JSON (a proxy's page): keep the status.
  }
  const retryAfter = Number(response.headers.get('retry-after')) || undefined;
  return new ApiRequestError(message, code, response.status, retryAfter);
}
