// Which search feeds a listed record belongs to (interface spec "Search feeds"): from its source
// for the official lists, and from the FollowTheMoney `topics` for FtM data, so that loading a PEP,
// crime or offshore dataset in that format makes the PEP, Criminal, Offshore, ... feeds answer.
// The feeds end up in checklist.screen / hits / hits_info of every match and drive the `feeds` filter.
import type { Feed } from '../lists/model';

/**
 * FollowTheMoney topic -> feed, first match per rule, in the order the topics are listed. Topics
 * are from the FtM `topics` vocabulary (https://followthemoney.tech, "topic" type):
 * sanctions and export controls are Sanctions; political roles and their associates are PEP;
 * crimes and wanted notices are Criminal; regulatory actions and disqualifications are Legal
 * (debarments stay Sanctions, as before); offshore and shell companies are Offshore; state and public companies are Registries.
 */
export const TOPIC_FEEDS: readonly [RegExp, Feed][] = [
  [/^sanction(\.|$)/, 'Sanctions'],
  [/^debarment$/, 'Sanctions'],
  [/^export\.(control|risk)/, 'Sanctions'],
  [/^asset\.frozen$/, 'Sanctions'],
  [/^role\.(pep|rca|diplo|judge|civil|spy|oligarch)$/, 'PEP'],
  [/^gov(\.(?!soe$)|$)/, 'PEP'],
  [/^poi$/, 'PEP'],
  [/^(crime|wanted)(\.|$)/, 'Criminal'],
  [/^mare\.detained$/, 'Criminal'],
  [/^corp\.(offshore|shell)$/, 'Offshore'],
  [/^corp\.disqual$/, 'Legal'],
  [/^reg(\.|$)/, 'Legal'],
  [/^corp\.public$/, 'Registries'],
  [/^gov\.soe$/, 'Registries'],
  [/^role\.(owner|ubo)$/, 'Ownership'],
];

/** Feeds of an FtM record from its topics; a record without a known topic is Open Source data. */
export function feedsForTopics(topics: readonly string[]): Feed[] {
  const feeds: Feed[] = [];
  for (const topic of topics) {
    for (const [pattern, feed] of TOPIC_FEEDS) if (pattern.test(topic.trim().toLowerCase()) && !feeds.includes(feed)) feeds.push(feed);
  }
  if (!feeds.length) feeds.push('Open Source');
  return feeds;
}

/** Feeds of the official lists by source (every shipped list is a sanctions or export-denial list). */
export const SOURCE_FEEDS: Readonly<Record<string, readonly Feed[]>> = {
  ofac_sdn: ['Sanctions'],
  ofac_cons: ['Sanctions'],
  un: ['Sanctions'],
  eu_fsf: ['Sanctions'],
  uk_ofsi: ['Sanctions'],
  bis_dpl: ['Sanctions'],
};

/** Feeds of a record: its topics when it has any (FtM), otherwise its source's feeds. */
export function feedsOf(source: string, topics: readonly string[] = []): Feed[] {
  if (topics.length) return feedsForTopics(topics);
  return [...(SOURCE_FEEDS[source] ?? ['Open Source'])];
}
