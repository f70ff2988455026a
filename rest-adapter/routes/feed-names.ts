// Feed names on the REST wire ("Social Media") and in the GraphQL enum (Social_Media), both ways; shared by the
// screening and the settings mappings.
import type { ScreeningFeed } from '../operations/operations.generated';

const FEED_NAMES: Record<string, string> = { Social_Media: 'Social Media', Open_Source: 'Open Source' };
export const feedName = (feed: string) => FEED_NAMES[feed] ?? feed;
/** REST feed names to the GraphQL enum (unknown names pass through and fail enum validation). */
export const feedEnum = (feed: string): ScreeningFeed => {
  const trimmed = feed.trim();
  const lower = trimmed.toLowerCase();
  if (lower === 'all') return 'all';
  if (lower === 'social media') return 'Social_Media';
  if (lower === 'open source') return 'Open_Source';
  const known = ['Sanctions', 'PEP', 'Criminal', 'Legal', 'Offshore', 'Ownership', 'Registries', 'News'].find(
    (name) => name.toLowerCase() === lower,
  );
  return (known ?? trimmed) as ScreeningFeed;
};
