// Feed names on the REST wire ("Social Media") and in the GraphQL enum (Social_Media), both ways; shared by the
// screening and the settings mappings.
import type { ScreeningFeed } from '../operations/operations.generated';

/** The feeds as REST callers spell them (spaces, not ScreeningFeed's underscores). */
export const REST_FEEDS = [
  'Sanctions',
  'PEP',
  'Criminal',
  'Legal',
  'Offshore',
  'Ownership',
  'Registries',
  'Social Media',
  'News',
  'Open Source',
] as const;
/** The feeds a caller may choose from: every feed, or `all`. */
export const REST_FEED_CHOICES = ['all', ...REST_FEEDS] as const;

const FEED_NAMES: Record<string, string> = { Social_Media: 'Social Media', Open_Source: 'Open Source' };
export const feedName = (feed: string) => FEED_NAMES[feed] ?? feed;
/** REST feed names (any case, `all` included) to the GraphQL enum, whose names write the REST
 * names' spaces as underscores; unknown names pass through and fail enum validation. */
export const feedEnum = (feed: string): ScreeningFeed => {
  const trimmed = feed.trim();
  const known = REST_FEED_CHOICES.find((name) => name.toLowerCase() === trimmed.toLowerCase());
  return (known ? known.replace(' ', '_') : trimmed) as ScreeningFeed;
};
