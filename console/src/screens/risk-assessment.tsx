// One risk assessment: subjects, the client risk rating, risks (a reviewer dismisses or confirms
// each with a note, and the rating follows), tasks (analysts update and resolve them), the agent's
// open questions answered in place, run control (start, steer, stop, resume, cancel), the
// conclusion, the PDF report, and the trajectory as a timeline of typed events that grows while the
// agent runs (polled while the status is running; no websockets).
import { FormEvent, ReactNode, useState } from 'react';
import { QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { roleAtLeast } from '../api/auth';
import { execute } from '../api/graphql-client';
import { UPLOAD_LIMIT_BYTES, UPLOAD_TYPES, uploadEvidence } from '../api/uploads';
import { useConsoleSession, useGraphQLMutation } from '../api/queries';
import {
  AssessmentCommandType,
  AssessmentStatus,
  ConclusionDecision,
  ConcludeRiskAssessmentDocument,
  ReopenRiskAssessmentDocument,
  RiskAssessmentDocument,
  RiskAssessmentQuery,
  RiskStatus,
  RiskTrajectoryDocument,
  SendAssessmentCommandDocument,
  StartRiskAssessmentDocument,
  TaskStatus,
  UpdateAssessmentRiskDocument,
  UpdateAssessmentTaskDocument,
} from '../graphql/generated';
import type { MessageKey } from '../i18n/en';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from '../ui/badges';
import { codeWords } from '../ui/code-words';
import { Icon } from '../ui/icons';
import { useTitle } from '../ui/keys';
import { Empty, ErrorState, Loading, PageHeader } from '../ui/states';
import { RatingBadge } from './risk-assessments';

type Assessment = NonNullable<RiskAssessmentQuery['riskAssessment']>;
type TrajectoryEvent = Assessment['trajectory']['events'][number];

/** Polling while the agent works: the console shows its steps as they land (the API's hint of 10 s
 * is for integrations; a person watching wants the next step sooner, and one small read per 2 s is cheap). */
const LIVE_POLL_MS = 2_000;
const LIVE: AssessmentStatus[] = ['running'];
const RISK_QUERIES = ['RiskAssessment', 'RiskAssessments', 'HomeOverview', 'Profile'];
/** Trajectory events per request (the API allows up to 500). */
const TRAJECTORY_PAGE = 200;

/** Reads the assessment with the trajectory events after the highest sequence this page already
 * holds for it (every event on a first read) and adds them to those: one request per load, poll or
 * read after a change, each carrying only new events. More new events than a page holds are read
 * on, page by page. The events are append-only (a sequence never changes once written). */
async function readAssessment(client: QueryClient, id: string): Promise<RiskAssessmentQuery> {
  const held = client.getQueryData<RiskAssessmentQuery>(['RiskAssessment', { id }])?.riskAssessment?.trajectory.events ?? [];
  const after = held.at(-1)?.sequence ?? 0;
  const data = await execute(RiskAssessmentDocument, { id, trajectoryAfter: after, trajectoryFirst: TRAJECTORY_PAGE });
  const assessment = data.riskAssessment;
  if (!assessment) return data;
  const events = [...held];
  const add = (fresh: TrajectoryEvent[]) => {
    for (const event of fresh) if (event.sequence > (events.at(-1)?.sequence ?? 0)) events.push(event);
  };
  let page = assessment.trajectory;
  add(page.events);
  while (page.hasMore && page.events.length) {
    const next = await execute(RiskTrajectoryDocument, { id, after: events.at(-1)?.sequence ?? 0, first: TRAJECTORY_PAGE });
    if (!next.riskAssessment) break;
    page = next.riskAssessment.trajectory;
    add(page.events);
  }
  return { riskAssessment: { ...assessment, trajectory: { ...page, events } } };
}

/** The task moves of docs/risk-assessments.md ("Task (five states)"). */
const TASK_MOVES: Record<TaskStatus, TaskStatus[]> = {
  pending: ['in_progress', 'complete', 'incomplete'],
  in_progress: ['complete', 'incomplete', 'requires_review'],
  requires_review: ['complete', 'incomplete', 'in_progress'],
  incomplete: ['in_progress', 'complete', 'requires_review'],
  complete: ['requires_review', 'in_progress'],
};
const CLOSED_RISK: RiskStatus[] = ['false_positive', 'resolved', 'accepted'];
const FINAL: AssessmentStatus[] = ['concluded', 'cancelled', 'failed'];
/** Tasks and risks of a concluded or cancelled assessment cannot change (reopen first). */
const FROZEN: AssessmentStatus[] = ['concluded', 'cancelled'];

export default function RiskAssessmentPage() {
  const { id } = useParams<{ id: string }>();
  const { t } = useI18n();
  const client = useQueryClient();
  // Keyed by the operation's name and the id only (the mutations drop every 'RiskAssessment' answer):
  // the trajectory's position is in the cached answer, not in the key.
  const query = useQuery<RiskAssessmentQuery, Error>({
    queryKey: ['RiskAssessment', { id }],
    queryFn: () => readAssessment(client, id),
    refetchInterval: (current) => (LIVE.includes(current.state.data?.riskAssessment?.status as AssessmentStatus) ? LIVE_POLL_MS : false),
  });
  const assessment = query.data?.riskAssessment;
  useTitle(assessment?.title ?? t('nav.risk'));
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  // Absent and another workspace's are the same null: the same "not found".
  if (!assessment)
    return (
      <>
        <PageHeader title={t('riskCase.notFound')} />
        <Empty title={t('riskCase.notFoundHint')}>
          <Link href="/risk">{t('riskCase.back')}</Link>
        </Empty>
      </>
    );
  return <AssessmentView key={assessment.id} assessment={assessment} />;
}

function AssessmentView({ assessment }: { assessment: Assessment }) {
  const { t, formatDate } = useI18n();
  const role = useConsoleSession().data?.role;
  const analyst = roleAtLeast(role, 'analyst');
  const reviewer = roleAtLeast(role, 'reviewer');
  const frozen = FROZEN.includes(assessment.status);
  const overall = assessment.clientRiskRatings.find((rating) => !rating.subjectId);
  const openQuestions = assessment.questions.filter((question) => !question.answered);
  const subjectName = new Map(assessment.subjects.map((subject) => [subject.subjectId, subject.name]));
  return (
    <>
      <nav aria-label={t('shell.breadcrumb')} className="breadcrumb">
        <Link href="/risk">{t('nav.risk')}</Link> <span aria-hidden="true">/</span> <span>{assessment.title}</span>
      </nav>
      <PageHeader
        title={assessment.title}
        subtitle={
          <>
            <span data-testid="assessment-status">
              <StatusBadge value={assessment.status} />
            </span>{' '}
            {overall && <RatingBadge rating={overall.rating} />} <span className="muted">{assessment.workflow.name}</span>{' '}
            <span className="mono small">{assessment.id}</span>
          </>
        }
        actions={
          <a
            className="button"
            href={`/console/files/risk/assessments/${encodeURIComponent(assessment.id)}/report`}
            target="_blank"
            rel="noreferrer"
          >
            <Icon name="sessions" /> {t('riskCase.report')}
          </a>
        }
      />
      {assessment.status === 'running' && (
        <p className="alert alert-info" role="status">
          <span className="spinner" aria-hidden="true" /> {t('riskCase.agentWorking')}
        </p>
      )}
      {assessment.latestRun?.error && (
        <p className="alert alert-error" role="alert">
          {t('riskCase.runError', { error: assessment.latestRun.error })}
        </p>
      )}
      <div className="detail-grid">
        {openQuestions.length > 0 && (
          <Panel id="questions" title={t('riskCase.questions')} wide>
            <Questions assessment={assessment} canAnswer={analyst && assessment.status === 'waiting_for_user'} />
          </Panel>
        )}
        <Panel id="rating" title={t('riskCase.rating')}>
          <Ratings assessment={assessment} subjectName={subjectName} />
        </Panel>
        <Panel id="control" title={t('riskCase.control')}>
          <RunControl assessment={assessment} analyst={analyst} reviewer={reviewer} />
        </Panel>
        <Panel id="risks" title={t('riskCase.risks', { count: assessment.risks.length })} wide>
          <Risks assessment={assessment} canReview={reviewer && !frozen} subjectName={subjectName} />
        </Panel>
        <Panel id="subjects" title={t('riskCase.subjects')}>
          <Subjects assessment={assessment} />
        </Panel>
        <Panel id="tasks" title={t('riskCase.tasks')}>
          <Tasks assessment={assessment} canEdit={analyst && !frozen} />
        </Panel>
        {(assessment.status === 'ready_for_review' || assessment.status === 'reopened' || assessment.conclusion) && (
          <Panel id="conclusion" title={t('riskCase.conclusion')} wide>
            {assessment.conclusion ? (
              <dl className="fields">
                <Field label={t('riskCase.decision')}>
                  <StatusBadge value={assessment.conclusion.decision} />
                </Field>
                <Field label={t('riskCase.note')}>{assessment.conclusion.note ?? '—'}</Field>
                <Field label={t('riskCase.concludedBy')}>{assessment.conclusion.concludedBy}</Field>
                <Field label={t('riskCase.concludedAt')}>{formatDate(assessment.conclusion.concludedAt)}</Field>
              </dl>
            ) : reviewer ? (
              <Conclude assessment={assessment} />
            ) : (
              <Empty title={t('riskCase.reviewerConcludes')} />
            )}
          </Panel>
        )}
        {answeredQuestions(assessment).length > 0 && (
          <Panel id="answers" title={t('riskCase.answered')}>
            <ul className="comments">
              {answeredQuestions(assessment).map((question) => (
                <li key={question.questionId}>
                  <p className="comment-meta">{question.prompt}</p>
                  <p className="comment-text">{question.answer}</p>
                </li>
              ))}
            </ul>
          </Panel>
        )}
        <Panel id="trajectory" title={t('riskCase.trajectory')} wide>
          <Trajectory assessment={assessment} />
        </Panel>
      </div>
    </>
  );
}

function answeredQuestions(assessment: Assessment) {
  return assessment.questions.filter((question) => question.answered);
}

function Panel({ id, title, children, wide }: { id: string; title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className={wide ? 'panel panel-wide' : 'panel'} aria-labelledby={`panel-${id}`} data-panel={id}>
      <h2 id={`panel-${id}`} className="panel-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="field-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ErrorLine({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="error-text">
      {error.message}
    </p>
  );
}

/** The agent's open questions, each answered in place (an input command; the agent continues). */
function Questions({ assessment, canAnswer }: { assessment: Assessment; canAnswer: boolean }) {
  const { t, formatDate } = useI18n();
  const [answer, setAnswer] = useState('');
  const command = useGraphQLMutation(SendAssessmentCommandDocument, RISK_QUERIES);
  const open = assessment.questions.filter((question) => !question.answered);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!answer.trim()) return;
    command.mutate(
      { id: assessment.id, input: { type: 'input', runId: open[0]?.runId, message: answer.trim() } },
      { onSuccess: () => setAnswer('') },
    );
  };
  return (
    <>
      <ul className="comments">
        {open.map((question) => (
          <li key={question.questionId}>
            <p className="comment-meta">
              <strong>{t('riskCase.agentAsks')}</strong> <time dateTime={question.askedAt}>{formatDate(question.askedAt)}</time>
            </p>
            <p className="comment-text" data-testid="open-question">
              {question.prompt}
            </p>
          </li>
        ))}
      </ul>
      {canAnswer ? (
        <form className="comment-form" onSubmit={submit}>
          <label htmlFor="question-answer">{t('riskCase.yourAnswer')}</label>
          <textarea
            id="question-answer"
            rows={3}
            required
            maxLength={5000}
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
          />
          <ErrorLine error={command.error} />
          <button type="submit" className="button button-primary" disabled={command.isPending || !answer.trim()}>
            {t('riskCase.sendAnswer')}
          </button>
        </form>
      ) : (
        <p className="muted">{t('riskCase.cannotAnswer')}</p>
      )}
    </>
  );
}

function Ratings({ assessment, subjectName }: { assessment: Assessment; subjectName: Map<string, string> }) {
  const { t, formatNumber } = useI18n();
  if (!assessment.clientRiskRatings.length) return <Empty title={t('riskCase.noRating')} />;
  return (
    <ul className="checks" data-testid="ratings">
      {assessment.clientRiskRatings.map((rating) => (
        <li key={rating.subjectId ?? 'overall'} className="check">
          <div className="check-head">
            <strong>{rating.subjectId ? (subjectName.get(rating.subjectId) ?? rating.subjectId) : t('riskCase.overall')}</strong>
            <RatingBadge rating={rating.rating} />
          </div>
          <p className="small">{t('riskCase.score', { score: formatNumber(rating.score) })}</p>
          <p className="small">{rating.explanation}</p>
          {rating.setAside.length > 0 && (
            <details>
              <summary>{t('riskCase.setAside', { count: rating.setAside.length })}</summary>
              <ul>
                {rating.setAside.map((risk) => (
                  <li key={risk.riskId} className="small">
                    {risk.title}: {codeWords(t, 'status', risk.status)}
                    {risk.note ? ` (${risk.note})` : ''}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Start, steer, stop, resume, cancel and reopen, each offered only in the states the API allows it. */
function RunControl({ assessment, analyst, reviewer }: { assessment: Assessment; analyst: boolean; reviewer: boolean }) {
  const { t, formatDate } = useI18n();
  const status = assessment.status;
  const command = useGraphQLMutation(SendAssessmentCommandDocument, RISK_QUERIES);
  const start = useGraphQLMutation(StartRiskAssessmentDocument, RISK_QUERIES);
  const reopen = useGraphQLMutation(ReopenRiskAssessmentDocument, RISK_QUERIES);
  const [steer, setSteer] = useState('');
  const [reason, setReason] = useState('');
  const runId = assessment.latestRun?.runId;
  const send = (type: AssessmentCommandType, message?: string) =>
    command.mutate({ id: assessment.id, input: { type, runId, message } }, { onSuccess: () => setSteer('') });
  const busy = command.isPending || start.isPending || reopen.isPending;
  const canSteer = ['running', 'waiting_for_user', 'interrupted'].includes(status);
  const canReopen = ['ready_for_review', 'concluded', 'cancelled', 'failed'].includes(status);
  return (
    <>
      {assessment.latestRun && (
        <dl className="fields">
          <Field label={t('riskCase.run')}>
            <StatusBadge value={assessment.latestRun.status} />
          </Field>
          <Field label={t('riskCase.steps')}>{assessment.latestRun.stepsCompleted}</Field>
          <Field label={t('riskCase.started')}>{formatDate(assessment.latestRun.startedAt)}</Field>
          <Field label={t('riskCase.finished')}>{formatDate(assessment.latestRun.finishedAt)}</Field>
        </dl>
      )}
      {!analyst ? (
        <p className="muted">{t('riskCase.viewerOnly')}</p>
      ) : (
        <div className="stack">
          <div className="action-group">
            {(status === 'draft' || status === 'reopened') && (
              <button
                type="button"
                className="button button-primary"
                disabled={busy}
                onClick={() => start.mutate({ id: assessment.id, input: { reason: 'console' } })}
              >
                {t('riskCase.start')}
              </button>
            )}
            {(status === 'running' || status === 'waiting_for_user') && (
              <button type="button" className="button" disabled={busy} onClick={() => send('stop')}>
                {t('riskCase.stop')}
              </button>
            )}
            {status === 'interrupted' && (
              <button type="button" className="button button-primary" disabled={busy} onClick={() => send('resume')}>
                {t('riskCase.resume')}
              </button>
            )}
            {!FINAL.includes(status) && (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => {
                  if (window.confirm(t('riskCase.cancelConfirm'))) send('cancel');
                }}
              >
                {t('riskCase.cancel')}
              </button>
            )}
          </div>
          {canSteer && (
            <form
              className="comment-form"
              onSubmit={(event) => {
                event.preventDefault();
                if (steer.trim()) send('steer', steer.trim());
              }}
            >
              <label htmlFor="steer-text">{t('riskCase.steer')}</label>
              <textarea id="steer-text" rows={2} maxLength={5000} value={steer} onChange={(event) => setSteer(event.target.value)} />
              <p className="hint">{t('riskCase.steerHint')}</p>
              <button type="submit" className="button" disabled={busy || !steer.trim()}>
                {t('riskCase.sendSteer')}
              </button>
            </form>
          )}
          {canReopen && reviewer && (
            <form
              className="comment-form"
              onSubmit={(event) => {
                event.preventDefault();
                if (reason.trim())
                  reopen.mutate({ id: assessment.id, input: { reason: reason.trim() } }, { onSuccess: () => setReason('') });
              }}
            >
              <label htmlFor="reopen-reason">{t('riskCase.reopenReason')}</label>
              <input id="reopen-reason" value={reason} maxLength={2000} onChange={(event) => setReason(event.target.value)} />
              <button type="submit" className="button" disabled={busy || !reason.trim()}>
                {t('riskCase.reopen')}
              </button>
            </form>
          )}
        </div>
      )}
      <ErrorLine error={command.error ?? start.error ?? reopen.error} />
    </>
  );
}

function Risks({ assessment, canReview, subjectName }: { assessment: Assessment; canReview: boolean; subjectName: Map<string, string> }) {
  const { t } = useI18n();
  if (!assessment.risks.length) return <Empty title={t('riskCase.noRisks')} />;
  const order = ['critical', 'high', 'medium', 'low'];
  const risks = [...assessment.risks].sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity));
  return (
    <ul className="checks">
      {risks.map((risk) => (
        <li key={risk.riskId} className="check" data-risk={risk.riskId} data-risk-status={risk.status}>
          <div className="check-head">
            <strong>{risk.title}</strong>
            <span className={`badge badge-${risk.severity === 'low' ? 'neutral' : risk.severity === 'medium' ? 'warn' : 'bad'}`}>
              {codeWords(t, 'severity', risk.severity)}
            </span>
            <span className="badge badge-neutral">{codeWords(t, 'category', risk.category)}</span>
            <StatusBadge value={risk.status} />
          </div>
          <p className="small">{risk.summary}</p>
          {risk.subjectIds.length > 0 && <p className="muted small">{risk.subjectIds.map((id) => subjectName.get(id) ?? id).join(', ')}</p>}
          {risk.note && <p className="small">{t('riskCase.reviewNote', { note: risk.note })}</p>}
          {risk.sourceUrls.length > 0 && (
            <ul className="small">
              {risk.sourceUrls.map((url) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noreferrer">
                    {url}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {canReview && <RiskReview assessmentId={assessment.id} risk={risk} />}
        </li>
      ))}
    </ul>
  );
}

function RiskReview({ assessmentId, risk }: { assessmentId: string; risk: Assessment['risks'][number] }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const choices: RiskStatus[] = risk.status === 'active' ? CLOSED_RISK : ['active'];
  const [status, setStatus] = useState<RiskStatus>(choices[0]);
  const [note, setNote] = useState('');
  const update = useGraphQLMutation(UpdateAssessmentRiskDocument, RISK_QUERIES);
  const noteId = `risk-note-${risk.riskId}`;
  const statusId = `risk-status-${risk.riskId}`;
  if (!open)
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {risk.status === 'active' ? t('riskCase.reviewRisk') : t('riskCase.reactivate')}
        <span className="sr-only">: {risk.title}</span>
      </button>
    );
  return (
    <form
      className="decision-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!note.trim()) return;
        update.mutate({ id: assessmentId, riskId: risk.riskId, input: { status, note: note.trim() } }, { onSuccess: () => setOpen(false) });
      }}
    >
      <div className="field">
        <label htmlFor={statusId}>{t('riskCase.riskDecision')}</label>
        <select id={statusId} value={status} onChange={(event) => setStatus(event.target.value as RiskStatus)}>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {t(`riskCase.riskTo.${choice}` as MessageKey)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={noteId}>{t('riskCase.note')}</label>
        <textarea id={noteId} rows={2} required maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
        <p className="hint">{t('riskCase.riskNoteHint')}</p>
      </div>
      <ErrorLine error={update.error} />
      <div className="action-group">
        <button type="submit" className="button button-primary" disabled={update.isPending || !note.trim()}>
          {t('riskCase.saveRisk')}
        </button>
        <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
          {t('riskCase.cancelEdit')}
        </button>
      </div>
    </form>
  );
}

function Subjects({ assessment }: { assessment: Assessment }) {
  const { t } = useI18n();
  return (
    <ul className="comments">
      {assessment.subjects.map((subject) => (
        <li key={subject.subjectId}>
          <p className="comment-meta">
            <strong>{subject.name}</strong> <span className="badge badge-neutral">{codeWords(t, 'category', subject.type)}</span>
          </p>
          <dl className="fields">
            {subject.registrationId && <Field label={t('riskCase.registration')}>{subject.registrationId}</Field>}
            {subject.jurisdiction && (
              <Field label={t('riskCase.jurisdiction')}>
                {[subject.jurisdiction.country, subject.jurisdiction.state].filter(Boolean).join(' / ')}
              </Field>
            )}
            {subject.locations.length > 0 && (
              <Field label={t('riskCase.locations')}>
                {subject.locations.map((location) => `${location.country} (${location.type})`).join(', ')}
              </Field>
            )}
            {subject.dateOfBirth && <Field label={t('profile.dateOfBirth')}>{subject.dateOfBirth}</Field>}
            {subject.nationality && <Field label={t('riskCase.nationality')}>{subject.nationality}</Field>}
            {subject.persons.length > 0 && (
              <Field label={t('riskCase.persons')}>
                {subject.persons.map((person) => [person.name, person.role && `(${person.role})`].filter(Boolean).join(' ')).join(', ')}
              </Field>
            )}
            {subject.profile && (
              <Field label={t('riskCase.profile')}>
                <Link href={`/profiles/${subject.profile.id}`}>{subject.profile.name}</Link>
              </Field>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Tasks({ assessment, canEdit }: { assessment: Assessment; canEdit: boolean }) {
  const { t } = useI18n();
  if (!assessment.tasks.length) return <Empty title={t('riskCase.noTasks')} />;
  return (
    <ul className="checks">
      {assessment.tasks.map((task) => (
        <li key={task.taskId} className="check" data-task={task.taskId}>
          <div className="check-head">
            <strong>{task.title}</strong>
            <StatusBadge value={task.status} />
          </div>
          <p className="muted small">
            {task.required ? t('riskCase.required') : t('riskCase.optional')}
            {task.riskIds.length > 0 && ` · ${t('riskCase.taskRisks', { count: task.riskIds.length })}`}
            {task.evidenceIds.length > 0 && ` · ${t('riskCase.taskEvidence', { count: task.evidenceIds.length })}`}
          </p>
          <TaskUploads assessment={assessment} evidenceIds={task.evidenceIds} />
          {task.resolution && (task.resolution.outcome || task.resolution.note) && (
            <p className="small">
              {t('riskCase.resolution')}: {[task.resolution.outcome, task.resolution.note].filter(Boolean).join(' · ')}
              {task.resolution.by && <span className="muted"> ({task.resolution.by})</span>}
            </p>
          )}
          {canEdit && <TaskEdit assessment={assessment} task={task} />}
        </li>
      ))}
    </ul>
  );
}

/** A task's uploaded files, each opened through the console's files route. */
function TaskUploads({ assessment, evidenceIds }: { assessment: Assessment; evidenceIds: string[] }) {
  const uploads = assessment.evidence.filter((record) => record.kind === 'upload' && evidenceIds.includes(record.evidenceId));
  if (!uploads.length) return null;
  return (
    <ul className="small" data-testid="task-uploads">
      {uploads.map((record) => (
        <li key={record.evidenceId}>
          <a
            href={`/console/files/risk/assessments/${encodeURIComponent(assessment.id)}/uploads/${encodeURIComponent(record.evidenceId)}`}
            target="_blank"
            rel="noreferrer"
          >
            {record.fileName ?? record.title}
          </a>
        </li>
      ))}
    </ul>
  );
}

function TaskEdit({ assessment, task }: { assessment: Assessment; task: Assessment['tasks'][number] }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<TaskStatus | ''>('');
  const [outcome, setOutcome] = useState('');
  const [note, setNote] = useState('');
  const [evidence, setEvidence] = useState<string[]>([]);
  const update = useGraphQLMutation(UpdateAssessmentTaskDocument, RISK_QUERIES);
  const base = `task-${task.taskId}`;
  const attachable = assessment.evidence.filter((record) => !task.evidenceIds.includes(record.evidenceId));
  if (!open)
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t('riskCase.updateTask')}
        <span className="sr-only">: {task.title}</span>
      </button>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const resolution = outcome.trim() || note.trim() ? { outcome: outcome.trim() || undefined, note: note.trim() || undefined } : undefined;
    if (!status && !resolution && !evidence.length) return;
    update.mutate(
      {
        id: assessment.id,
        taskId: task.taskId,
        input: { status: status || undefined, resolution, evidenceIds: evidence.length ? evidence : undefined },
      },
      { onSuccess: () => setOpen(false) },
    );
  };
  return (
    <form className="decision-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${base}-status`}>{t('riskCase.taskStatus')}</label>
        <select id={`${base}-status`} value={status} onChange={(event) => setStatus(event.target.value as TaskStatus | '')}>
          <option value="">{t('riskCase.keepStatus')}</option>
          {TASK_MOVES[task.status].map((next) => (
            <option key={next} value={next}>
              {codeWords(t, 'status', next)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${base}-outcome`}>{t('riskCase.outcome')}</label>
        <input id={`${base}-outcome`} value={outcome} maxLength={200} onChange={(event) => setOutcome(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${base}-note`}>{t('riskCase.note')}</label>
        <textarea id={`${base}-note`} rows={2} maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      {attachable.length > 0 && (
        <fieldset>
          <legend>{t('riskCase.attachEvidence')}</legend>
          {attachable.map((record) => (
            <label key={record.evidenceId} className="small">
              <input
                type="checkbox"
                checked={evidence.includes(record.evidenceId)}
                onChange={(event) =>
                  setEvidence(event.target.checked ? [...evidence, record.evidenceId] : evidence.filter((id) => id !== record.evidenceId))
                }
              />{' '}
              {record.title}
            </label>
          ))}
        </fieldset>
      )}
      <TaskUpload assessmentId={assessment.id} taskId={task.taskId} />
      <ErrorLine error={update.error} />
      <div className="action-group">
        <button type="submit" className="button button-primary" disabled={update.isPending}>
          {t('riskCase.saveTask')}
        </button>
        <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
          {t('riskCase.cancelEdit')}
        </button>
      </div>
    </form>
  );
}

/** Uploads a file as evidence of the task (PDF, PNG, JPEG, text or CSV, at most 10 MB). */
function TaskUpload({ assessmentId, taskId }: { assessmentId: string; taskId: string }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = `task-${taskId}-file`;
  const send = async () => {
    if (!file) return;
    if (file.size > UPLOAD_LIMIT_BYTES) return setError(new Error(t('riskCase.uploadTooLarge')));
    setBusy(true);
    setError(null);
    try {
      await uploadEvidence(assessmentId, file, taskId);
      setDone(file.name);
      setFile(null);
      await Promise.all(RISK_QUERIES.map((name) => client.invalidateQueries({ queryKey: [name] })));
    } catch (failure) {
      setError(failure instanceof Error ? failure : new Error(String(failure)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="field">
      <label htmlFor={id}>{t('riskCase.uploadFile')}</label>
      <input id={id} type="file" accept={UPLOAD_TYPES.join(',')} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      <p className="hint">{t('riskCase.uploadHint')}</p>
      <ErrorLine error={error} />
      {done && (
        <p className="muted small" role="status">
          {t('riskCase.uploaded', { name: done })}
        </p>
      )}
      <button type="button" className="button" disabled={!file || busy} onClick={() => void send()}>
        {t('riskCase.upload')}
      </button>
    </div>
  );
}

function Conclude({ assessment }: { assessment: Assessment }) {
  const { t } = useI18n();
  const [decision, setDecision] = useState<ConclusionDecision | ''>('');
  const [note, setNote] = useState('');
  const conclude = useGraphQLMutation(ConcludeRiskAssessmentDocument, RISK_QUERIES);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!decision) return;
    conclude.mutate({ id: assessment.id, input: { decision, note: note.trim() || undefined } });
  };
  return (
    <form onSubmit={submit} className="decision-form">
      <fieldset>
        <legend>{t('riskCase.concludeChoose')}</legend>
        <div className="segmented">
          {(['approved', 'rejected'] as const).map((value) => (
            <label
              key={value}
              className={decision === value ? `segment selected segment-${value === 'approved' ? 'accepted' : 'rejected'}` : 'segment'}
            >
              <input
                type="radio"
                name="conclusion"
                value={value}
                checked={decision === value}
                onChange={() => setDecision(value)}
                required
              />
              {t(`riskCase.decision.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="conclusion-note">{t('riskCase.note')}</label>
        <textarea id="conclusion-note" rows={3} maxLength={5000} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      <ErrorLine error={conclude.error} />
      <button type="submit" className="button button-primary" disabled={conclude.isPending || !decision}>
        {t('riskCase.conclude')}
      </button>
    </form>
  );
}

/** The trajectory as the assessment's reads have brought it (each read adds the events after the
 * highest sequence held: while the agent runs, the page's poll; after every change the page makes, its
 * read again). Newest first. */
function Trajectory({ assessment }: { assessment: Assessment }) {
  const { t, formatDate } = useI18n();
  const live = LIVE.includes(assessment.status);
  const events = assessment.trajectory.events;
  if (!events.length) return <Empty title={t('riskCase.noEvents')} />;
  return (
    <ol className="timeline" data-testid="trajectory" aria-live={live ? 'polite' : undefined}>
      {[...events].reverse().map((event) => (
        <li key={event.sequence} data-event-type={event.type}>
          <time dateTime={event.createdAt}>{formatDate(event.createdAt)}</time>
          <span>
            <strong>{codeWords(t, 'trajectory', event.type)}</strong> <EventFacts event={event} />
          </span>
          <span className="muted small">
            {event.message} · {event.actor}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The typed facts of an event in words (statuses moved, ratings, matches); the message says the rest. */
function EventFacts({ event }: { event: TrajectoryEvent }) {
  const { t } = useI18n();
  const details = event.details;
  switch (details.__typename) {
    case 'StatusChangeDetails':
      return (
        <>
          {codeWords(t, 'status', details.statusFrom)} → {codeWords(t, 'status', details.statusTo)}
          {details.note ? ` · ${details.note}` : ''}
        </>
      );
    case 'TaskUpdateDetails':
      return (
        <>
          {codeWords(t, 'status', details.taskFrom)} → {codeWords(t, 'status', details.taskTo)}
        </>
      );
    case 'RiskUpdateDetails':
      return (
        <>
          {codeWords(t, 'status', details.riskFrom)} → {codeWords(t, 'status', details.riskTo)}
          {details.note ? ` · ${details.note}` : ''}
        </>
      );
    case 'ClientRatingDetails':
      return (
        <>
          <RatingBadge rating={details.rating} /> {t('riskCase.score', { score: details.score })}
        </>
      );
    case 'ScreeningStepDetails':
      return <>{t('riskCase.matches', { count: details.matchCount, strong: details.strongMatchCount })}</>;
    case 'AgentTaskDetails':
      return details.taskStatus ? <StatusBadge value={details.taskStatus} /> : null;
    case 'RegistrationCheckDetails':
      return details.problems.length ? <>{details.problems.join('; ')}</> : null;
    default:
      return null;
  }
}
