// How a watchlist entity type reads as a name style (lib/names knows names, not watchlist types).
import type { NameStyle } from '../../../lib/names/normalize';
import type { EntityType } from '../lists/model';

export function styleForType(type: EntityType | undefined): NameStyle {
  if (type === 'individual') return 'person';
  if (type === undefined) return 'unknown';
  return 'organization';
}
