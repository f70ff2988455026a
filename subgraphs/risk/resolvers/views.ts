// Shapes served by the resolvers, computed from stored rows (no rules here).
import { ClientRiskRating } from '../catalog/scorecards';
import { AssessmentRow } from '../data/assessment-store';
import { RunRow } from '../data/run-store';
import { EvidenceRow, QuestionRow, RiskRow, TaskRow } from '../data/work-store';
import { evidenceDetails } from '../domain/evidence-details';
import { TASK_STATUSES } from '../domain/states';
import { clientRiskRatingsColumn } from '../data/json-columns';

/** Tasks per status, keyed by the GraphQL field names (camelCase: in_progress → inProgress). */
export function taskStatusCounts(tasks: TaskRow[]): Record<string, number> {
  const camel = (status: string) => status.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return Object.fromEntries(TASK_STATUSES.map((status) => [camel(status), tasks.filter((task) => task.status === status).length]));
}

export function ratingsOf(row: AssessmentRow): ClientRiskRating[] {
  return clientRiskRatingsColumn.read(row.clientRiskRatings) ?? [];
}

export function ratingCounts(ratings: ClientRiskRating[]): Record<string, number> {
  const counts: Record<string, number> = { low: 0, medium: 0, high: 0, prohibited: 0 };
  for (const rating of ratings) counts[rating.rating]++;
  return counts;
}

export const taskView = (task: TaskRow) => ({ ...task, taskId: task.id });
export const riskView = (risk: RiskRow) => ({ ...risk, riskId: risk.id });
export const evidenceView = (item: EvidenceRow) => ({ ...item, evidenceId: item.id, details: evidenceDetails(item.kind, item.data, item) });
export const questionView = (question: QuestionRow) => ({ ...question, questionId: question.id, answered: question.status === 'answered' });
export const runView = (run: RunRow) => ({ ...run, runId: run.id, stepsCompleted: run.step });

// What each object resolves from (mappers in resolver-types.config.ts).
export type TaskView = ReturnType<typeof taskView>;
export type RiskView = ReturnType<typeof riskView>;
export type EvidenceView = ReturnType<typeof evidenceView>;
export type QuestionView = ReturnType<typeof questionView>;
export type RunView = ReturnType<typeof runView>;

export function confirmations(tasks: TaskRow[]) {
  return tasks.filter((task) => task.status === 'requires_review').map((task) => ({ taskId: task.id, title: `Confirm: ${task.title}`, requestedAt: task.requiresReviewAt }));
}
