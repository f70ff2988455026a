// Shapes served by the resolvers, computed from stored rows (no rules here).
import { ClientRiskRating, Rating } from '../catalog/scorecards';
import { AssessmentRow } from '../data/assessment-store';
import { RunRow } from '../data/run-store';
import { EvidenceRow, QuestionRow, RiskRow, TaskRow } from '../data/work-store';
import { evidenceDetails } from '../domain/evidence-details';
import type { TaskStatus } from '../domain/states';
import { assessmentContextColumn, canvasStateColumn, clientRiskRatingsColumn } from '../data/json-columns';

/** Tasks per status, keyed by the GraphQL field names (camelCase: in_progress → inProgress). */
export function taskStatusCounts(tasks: TaskRow[]) {
  const count = (status: TaskStatus) => tasks.filter((task) => task.status === status).length;
  return {
    pending: count('pending'),
    inProgress: count('in_progress'),
    complete: count('complete'),
    incomplete: count('incomplete'),
    requiresReview: count('requires_review'),
  };
}

export function contextOf(row: AssessmentRow) {
  return assessmentContextColumn.read(row.context) ?? {};
}

export function canvasOf(row: AssessmentRow) {
  return { state: canvasStateColumn.read(row.canvasState), version: row.canvasVersion };
}

export function ratingsOf(row: AssessmentRow): ClientRiskRating[] {
  return clientRiskRatingsColumn.read(row.clientRiskRatings) ?? [];
}

export function ratingCounts(ratings: ClientRiskRating[]) {
  const counts: Record<Rating, number> = { low: 0, medium: 0, high: 0, prohibited: 0 };
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
  return tasks
    .filter((task) => task.status === 'requires_review')
    .map((task) => ({ taskId: task.id, title: `Confirm: ${task.title}`, requestedAt: task.requiresReviewAt }));
}
