import { DomainError } from '../../platform/errors/domain-error';
import { IdvErrorCode } from './errors';

/** Errors of IDV delivery (invites, webhook destinations and deliveries); statuses live in
 * platform/errors/codes.ts. It includes the IDV core's codes it shares (session not found, state
 * conflict, schema validation). */
export type IdvDeliveryErrorCode =
  | IdvErrorCode
  | 'idv_direct_invite_forbidden'
  | 'idv_direct_invite_unavailable'
  | 'idv_profile_email_missing'
  | 'idv_invite_conflict'
  | 'invite_delivery_failed'
  | 'invite_delivery_retrying'
  | 'idv_webhook_not_found'
  | 'idv_webhook_limit_reached'
  | 'idv_webhook_url_forbidden'
  | 'idv_webhook_delivery_not_found';

export class IdvDeliveryError extends DomainError<IdvDeliveryErrorCode> {}
