// session_overrides (version 1): a per-session narrowing of the copied id_capture step and the
// completion behaviour. Overrides never add, remove or reorder steps and never touch consent,
// liveness, documents, retention, theme or assessment controls.
import { z } from 'zod';
import type { IdvSessionOverridesInput } from '../resolvers/resolver-types.generated';
import { IdvError, invalidField } from '../errors';
import { declarableIdType, declarableTypesOf, FlowStep, idCaptureStep, sidesFor } from './steps';

export const RETURN_URL_MAX = 2048;
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

export const sessionOverridesSchema = z
  .strictObject({
    version: z.literal(1, { message: 'only version 1 is supported' }),
    id_capture: z
      .strictObject({
        accepted_id_types: z
          .array(declarableIdType)
          .min(1)
          .max(16)
          .refine((items) => new Set(items).size === items.length, { message: 'items must be unique' }),
        preselected_id_type: declarableIdType.optional(),
      })
      .refine(
        (value) =>
          value.preselected_id_type === undefined ||
          (value.accepted_id_types.length === 1 && value.accepted_id_types[0] === value.preselected_id_type),
        {
          message: 'allowed only when accepted_id_types holds exactly that one value',
          path: ['preselected_id_type'],
        },
      )
      .optional(),
    completion: z
      .strictObject({
        action: z.enum(['close_tab', 'return_link']),
        return_url: z.string().min(1).max(RETURN_URL_MAX).optional(),
      })
      .refine((value) => value.action !== 'return_link' || value.return_url !== undefined, {
        message: 'required when action is return_link',
        path: ['return_url'],
      })
      .optional(),
  })
  .refine((value) => value.id_capture !== undefined || value.completion !== undefined, {
    message: 'at least one of id_capture or completion is required',
  });

export type SessionOverrides = z.infer<typeof sessionOverridesSchema>;

/** Typed overrides as the overrides the rules check and the session's fingerprint covers (interface
 * names, absent fields left out). */
export function sessionOverridesOf(input: IdvSessionOverridesInput): unknown {
  const { idCapture, completion } = input;
  return {
    version: input.version,
    ...(idCapture
      ? {
          id_capture: {
            accepted_id_types: idCapture.acceptedIdTypes,
            ...(idCapture.preselectedIdType != null ? { preselected_id_type: idCapture.preselectedIdType } : {}),
          },
        }
      : {}),
    ...(completion
      ? { completion: { action: completion.action, ...(completion.returnUrl != null ? { return_url: completion.returnUrl } : {}) } }
      : {}),
  };
}

export interface AppliedOverrides {
  /** Effective accepted types of the id_capture step (null when not narrowed). */
  acceptedIdTypes: string[] | null;
  declaredIdType: string | null;
  declaredSides: 'one' | 'two' | null;
  completion: { action: 'close_tab' | 'return_link'; return_url?: string } | null;
}

/** Checks the overrides against the copied steps and the application's return URL entitlement. */
export function applyOverrides(
  overrides: SessionOverrides | undefined,
  steps: FlowStep[],
  returnUrlPrefixes: string[] | undefined,
): AppliedOverrides {
  const applied: AppliedOverrides = { acceptedIdTypes: null, declaredIdType: null, declaredSides: null, completion: null };
  if (!overrides) return applied;
  if (overrides.id_capture) {
    const step = idCaptureStep(steps);
    if (!step) throw invalidField('body.session_overrides.id_capture', 'the session has no id_capture step to narrow');
    const allowed = declarableTypesOf(step);
    const outside = overrides.id_capture.accepted_id_types.filter((type) => !allowed.includes(type));
    if (outside.length) {
      throw invalidField(
        'body.session_overrides.id_capture.accepted_id_types',
        `not accepted by the id_capture step: ${outside.join(', ')}`,
      );
    }
    applied.acceptedIdTypes = [...overrides.id_capture.accepted_id_types];
    if (overrides.id_capture.preselected_id_type) {
      applied.declaredIdType = overrides.id_capture.preselected_id_type;
      applied.declaredSides = sidesFor(step, applied.declaredIdType);
    }
  }
  if (overrides.completion) {
    const returnUrl = overrides.completion.return_url;
    if (returnUrl !== undefined) {
      const problem = returnUrlProblem(returnUrl);
      if (problem) throw invalidField('body.session_overrides.completion.return_url', problem);
      if (!insideEntitlement(returnUrl, returnUrlPrefixes ?? [])) {
        throw new IdvError(
          'idv_session_overrides_forbidden',
          "session_overrides.completion.return_url: not inside the application's allowed return URLs",
          {
            field: 'body.session_overrides.completion.return_url',
          },
        );
      }
    }
    applied.completion = { action: overrides.completion.action, ...(returnUrl !== undefined ? { return_url: returnUrl } : {}) };
  }
  return applied;
}

/** Why a return URL is unacceptable on its own (null when acceptable). */
export function returnUrlProblem(value: string): string | null {
  if (value.length > RETURN_URL_MAX) return `must be at most ${RETURN_URL_MAX} characters`;
  if (/[\s\\]/.test(value) || /[\u0000-\u001f\u007f]/.test(value)) return 'must not contain whitespace, backslashes or control characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(value)) return 'userinfo is not allowed';
  if (url.search || value.includes('?')) return 'a query string is not allowed';
  if (url.hash || value.includes('#')) return 'a fragment is not allowed';
  if (url.protocol === 'https:') return dotSegments(value) ? 'dot path segments are not allowed' : null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname))
    return dotSegments(value) ? 'dot path segments are not allowed' : null;
  return 'must use https (http only for loopback: 127.0.0.1, localhost, [::1])';
}

function dotSegments(value: string): boolean {
  const path = value.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
}

/** The full URL must fall under one of the prefixes: same origin, and a path equal to the
 * prefix's path or below it (a prefix without a trailing slash does not match /prefix-other). */
export function insideEntitlement(value: string, prefixes: string[]): boolean {
  const url = new URL(value);
  return prefixes.some((prefix) => {
    let allowed: URL;
    try {
      allowed = new URL(prefix);
    } catch {
      return false;
    }
    if (allowed.origin !== url.origin || allowed.protocol !== url.protocol) return false;
    const base = allowed.pathname;
    if (url.pathname === base) return true;
    const withSlash = base.endsWith('/') ? base : `${base}/`;
    return url.pathname.startsWith(withSlash);
  });
}
