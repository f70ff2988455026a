import { DomainError } from '../../platform/errors/domain-error';

export type RiskErrorCode = 'assessment_not_found' | 'schema_validation_failed';

export class RiskError extends DomainError<RiskErrorCode> {}
