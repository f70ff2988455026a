// The PDF of one screening result: the query and when it ran, the lists and their versions, the
// ranked match (score, level, per-token explanation, adjustments), its source details, review
// status and history, and page numbers.
import { createPdf, finishPdf } from '../../../platform/pdf/pdf-document';
import { scriptOf } from '../../../lib/names/scripts';
import { agreementOf, maskIdentifier } from './engine-adapter';
import type { MatchReviewRow } from '../data/review-store';
import type { SearchRequestRow } from '../data/search-store';
import type { MatchView } from './search-service';

export interface ReportContent {
  reportId: string;
  searchResultId: string;
  entity: { name: string; type: string | null; custom_id: string | null };
  request: SearchRequestRow;
  lists: { source: string; versionId: string; label: string | null; seq: number | null }[];
  matchIndex: number;
  match: MatchView | undefined;
  matchCount: number;
  history: MatchReviewRow[];
  generatedAt: Date;
}

const fmt = (n: number) => n.toFixed(3);

export async function renderReport(content: ReportContent): Promise<{ bytes: Buffer; pages: number }> {
  const { doc, fonts } = createPdf({ title: `Screening report ${content.searchResultId}`, subject: 'Sanctions and PEP screening result' });
  const heading = (text: string) =>
    doc.moveDown(0.8).font(fonts.bold).fontSize(13).fillColor('#111111').text(text).moveDown(0.2).font(fonts.regular).fontSize(10);
  const line = (label: string, value: string) =>
    doc.font(fonts.bold).text(`${label}: `, { continued: true }).font(fonts.regular).text(value);

  doc.font(fonts.bold).fontSize(18).text('Screening report');
  doc
    .font(fonts.regular)
    .fontSize(9)
    .fillColor('#555555')
    .text(`Report ${content.reportId} · generated ${content.generatedAt.toISOString()}`)
    .fillColor('#111111');

  heading('Query');
  const config = content.request.config as {
    feeds?: string[];
    threshold?: number;
    limit?: number;
    date_of_birth?: string | null;
    country?: string | null;
    identifiers?: { kind?: string; value: string; country?: string }[];
  };
  line('Name', content.entity.name);
  line('Type', content.entity.type ?? 'any');
  if (content.entity.custom_id) line('Custom id', content.entity.custom_id);
  if (config.date_of_birth) line('Date of birth', config.date_of_birth);
  if (config.country) line('Country', config.country);
  // Masked as in the explanations: a report leaves the workspace, the full number stays with the search.
  if (config.identifiers?.length)
    line(
      'Identifiers',
      config.identifiers.map((i) => `${i.kind ?? 'identifier'} ${maskIdentifier(i.value)}${i.country ? ` (${i.country})` : ''}`).join(', '),
    );
  line('Feeds', (config.feeds ?? ['all']).join(', '));
  if (config.threshold !== undefined) line('Threshold', String(config.threshold));
  line('Searched at', content.request.createdAt.toISOString());
  line('Search id', content.searchResultId);
  if (content.request.jobId) line('Batch job', content.request.jobId);
  line(
    'Searched by',
    content.request.userName
      ? `${content.request.userName} (${content.request.userEmail ?? content.request.actorId})`
      : content.request.actorId,
  );

  heading('Lists searched');
  if (!content.lists.length) doc.text('No list versions were recorded with this search.');
  for (const list of content.lists)
    doc.text(`${list.source}: version ${list.seq ?? '?'} (${list.label ?? 'unknown label'}), id ${list.versionId}`);

  heading(`Match ${content.matchIndex + 1} of ${content.matchCount}`);
  const match = content.match;
  if (!match) {
    doc.text('No potential match scored above the threshold: the search found nothing to review.');
  } else {
    line('Listed name', match.entity.name);
    line('Score', fmt(match.score));
    line('Level', match.name.criteria_match_level);
    line(
      'Matched name',
      `${match.match_score_info.best_name.value} (${match.match_score_info.best_name.kind}, name score ${fmt(match.match_score_info.best_name.score)})`,
    );
    line('Listed entity', `${match.entity.type} · ${match.entity.source}:${match.entity.source_id}`);
    if (match.entity.programs.length) line('Programs', match.entity.programs.join(', '));
    if (match.entity.dates_of_birth.length)
      line('Dates of birth', match.entity.dates_of_birth.map((d) => ('value' in d ? d.value : `${d.from}–${d.to}`)).join(', '));
    if (match.entity.nationalities.length) line('Nationalities', match.entity.nationalities.join(', '));
    line('Feeds flagged', match.checklist.hits.join(', ') || 'none');

    heading('Why it matched (per token)');
    const info = match.match_score_info;
    for (const pair of info.token_alignment) doc.text(`“${pair.query}” ↔ “${pair.list}”: ${pair.how}, similarity ${fmt(pair.similarity)}`);
    // other_script pairs compare Latin readings: say which names were read from which script, so "kim" ↔ "kim" is not
    // mistaken for the query as typed
    if (info.token_alignment.some((pair) => pair.how === 'other_script'))
      doc.text(
        `Same name in another script: the query “${info.query}” (${scriptOf(info.query) ?? 'Latin'}) and the listed name “${info.best_name.value}” (${scriptOf(info.best_name.value) ?? 'Latin'}) are compared in their Latin readings (other_script).`,
      );
    if (info.unmatched_query_tokens.length) doc.text(`Query tokens without a partner: ${info.unmatched_query_tokens.join(', ')}`);
    if (info.unmatched_list_tokens.length) doc.text(`Listed tokens without a partner: ${info.unmatched_list_tokens.join(', ')}`);
    doc.text(
      `Name similarity ${fmt(info.name_similarity)}, phonetic agreement ${fmt(info.phonetic_agreement)}, scorer ${info.scorer_version}`,
    );
    if (info.caps.length) doc.text(`Caps: ${info.caps.join(', ')}`);
    for (const adjustment of info.adjustments)
      doc.text(
        `${adjustment.feature}: ${adjustment.outcome} (${adjustment.delta >= 0 ? '+' : ''}${fmt(adjustment.delta)}) ${adjustment.detail}`,
      );
    const agreement = agreementOf(info.adjustments);
    const facts = (
      [
        ['date of birth', agreement.birth_date],
        ['country', agreement.country],
        ['identifier', agreement.identifier],
      ] as const
    ).filter(([, outcome]) => outcome);
    if (facts.length) doc.text(`Agreement: ${facts.map(([fact, outcome]) => `${fact} ${outcome}`).join(', ')}`);
    doc.text(`Final score ${fmt(info.final_score)}`);

    if (match.aliases.length) {
      heading('Aliases');
      for (const alias of match.aliases.slice(0, 40))
        doc.text(`${alias.value} (${alias.kind}): ${fmt(alias.match_score)}, ${alias.criteria_match_level}`);
      if (match.aliases.length > 40) doc.text(`… and ${match.aliases.length - 40} more`);
    }

    heading('Source');
    for (const detail of match.source_details) {
      doc.text(detail.description);
      for (const url of detail.urls) doc.fillColor('#1a4d8f').text(url).fillColor('#111111');
      if (detail.inference_context) doc.text(detail.inference_context);
    }

    heading('Review');
    line('Status', match.review_status);
    if (match.previously_cleared)
      line(
        'Previously cleared',
        `match ${match.previously_cleared.match_id} by ${match.previously_cleared.cleared_by} at ${match.previously_cleared.cleared_at}`,
      );
    if (match.reviewedAt) line('Last review', `${match.reviewedBy ?? 'unknown'} at ${match.reviewedAt.toISOString()}`);
    for (const change of content.history) {
      doc.text(
        `${change.createdAt.toISOString()} · ${change.actorName ?? change.actorId}: ${change.fromStatus} → ${change.toStatus}${change.note ? ` — “${change.note}”` : ''}`,
      );
    }
    if (!content.history.length) doc.text('No review recorded yet.');
  }
  doc
    .moveDown(1)
    .fontSize(8)
    .fillColor('#555555')
    .text(
      'A match is evidence for review, not a confirmed identity match. The score is the strength of the name and criteria match, not a probability of risk.',
    );
  return finishPdf(doc, fonts);
}
