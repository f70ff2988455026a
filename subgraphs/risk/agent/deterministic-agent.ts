// The built-in agent: works a workflow's task templates with fixed rules, no model involved.
//   verify_registration  registration (or identity) data present and consistent per subject
//   screen_subjects      every subject and named person through the screening engine
//   check_jurisdictions  every country of every subject against the FATF table
//   ask_questions        asks the analyst about high/critical risks and waits for the answer
//   rate_client          client risk rating from the workflow's scorecard
import { findScorecard, rateAssessment, Severity } from '../catalog/scorecards';
import { ratedRisk } from '../services/rating-service';
import { jurisdictionTable, lookUpJurisdiction } from '../catalog/jurisdictions';
import { TaskTemplate, Workflow } from '../catalog/workflows';
import { Subject, subjectCountries } from '../services/subjects';
import { AgentStep, NewEvidence, NewRisk, RiskAgent, StepContext, StepEffects } from './agent';

/** A match at or above this score on a sanctions list raises a critical risk; on PEP a high one. */
export const HIT_SCORE = 0.85;

export class DeterministicAgent implements RiskAgent {
  readonly name: string = 'vigil-deterministic-v1';

  plan(workflow: Workflow, subjects: Subject[]): AgentStep[] {
    const steps: AgentStep[] = [];
    for (const task of workflow.tasks) {
      steps.push({ key: `begin:${task.key}`, task, kind: 'begin_task' });
      if (task.action === 'verify_registration')
        for (const subject of subjects) steps.push({ key: `verify:${subject.subjectId}`, task, kind: 'work', subject });
      if (task.action === 'screen_subjects') {
        for (const subject of subjects) {
          steps.push({ key: `screen:${subject.subjectId}`, task, kind: 'work', subject });
          for (const person of subject.persons)
            steps.push({ key: `screen:${subject.subjectId}:${person.personId}`, task, kind: 'work', subject, personId: person.personId });
        }
      }
      if (task.action === 'check_jurisdictions' || task.action === 'rate_client')
        steps.push({ key: `work:${task.key}`, task, kind: 'work' });
      if (task.action === 'ask_questions') {
        steps.push({ key: `ask:${task.key}`, task, kind: 'ask' });
        steps.push({ key: `answered:${task.key}`, task, kind: 'after_answer' });
      }
      steps.push({ key: `end:${task.key}`, task, kind: 'end_task' });
    }
    steps.push({ key: 'finish', task: workflow.tasks[workflow.tasks.length - 1], kind: 'finish' });
    return steps;
  }

  async execute(step: AgentStep, context: StepContext): Promise<StepEffects> {
    switch (step.kind) {
      case 'begin_task':
        return {
          events: [{ type: 'task_started', message: `Working on: ${step.task.title}`, data: { task: step.task.key } }],
          task: { templateKey: step.task.key, status: 'in_progress' },
          outcome: 'continue',
        };
      case 'end_task':
        return this.endTask(step.task, context);
      case 'ask':
        return this.ask(step.task, context);
      case 'after_answer':
        return this.afterAnswer(step.task, context);
      case 'finish':
        return this.finish(context);
      case 'work':
        if (step.task.action === 'verify_registration') return this.verify(step.task, step.subject!);
        if (step.task.action === 'screen_subjects') return this.screen(step, context);
        if (step.task.action === 'check_jurisdictions') return this.jurisdictions(step.task, context);
        return this.rate(step.task, context);
    }
  }

  private verify(task: TaskTemplate, subject: Subject): StepEffects {
    const problems: string[] = [];
    if (subject.type === 'organization') {
      const registrations = subject.registrationId
        ? [{ id: subject.registrationId, country: subject.jurisdiction?.country }]
        : subject.registrations.map((r) => ({ id: r.registrationId, country: r.jurisdiction.country }));
      if (!registrations.length || registrations.some((r) => !r.id?.trim())) problems.push('registration number missing');
      if (registrations.some((r) => !r.country)) problems.push('registration jurisdiction missing');
      const locationCountries = subject.locations.map((l) => l.country.toUpperCase());
      const registered = registrations.map((r) => r.country?.toUpperCase());
      if (locationCountries.length && registered.some((country) => country && !locationCountries.includes(country))) {
        problems.push(`registered in ${registered.join(', ')} but located in ${locationCountries.join(', ')} only`);
      }
    } else {
      if (!subject.dateOfBirth) problems.push('date of birth missing');
      if (!subject.nationality && !subject.jurisdiction?.country) problems.push('nationality or residence missing');
    }
    const evidence: NewEvidence = {
      key: `verify:${subject.subjectId}`,
      kind: 'registration_check',
      title: `Registration data of ${subject.name}`,
      data: { subject_id: subject.subjectId, consistent: problems.length === 0, problems },
    };
    const risks: NewRisk[] = problems.length
      ? [
          {
            key: `data_quality:${subject.subjectId}`,
            title: `Incomplete or inconsistent data: ${subject.name}`,
            summary: problems.join('; '),
            severity: 'medium',
            category: 'data_quality',
            tags: ['registry'],
            subjectIds: [subject.subjectId],
            evidenceKeys: [evidence.key],
            sourceUrls: [],
          },
        ]
      : [];
    return {
      events: [
        {
          type: 'registration_checked',
          message: problems.length
            ? `${subject.name}: ${problems.join('; ')}`
            : `${subject.name}: registration data present and consistent`,
          data: { subject_id: subject.subjectId, problems },
        },
      ],
      evidence: [evidence],
      risks,
      task: { templateKey: task.key },
      outcome: 'continue',
    };
  }

  private async screen(step: AgentStep, context: StepContext): Promise<StepEffects> {
    const subject = step.subject!;
    const person = step.personId ? subject.persons.find((p) => p.personId === step.personId)! : undefined;
    const name = person?.name ?? subject.name;
    const outcome = await context.screening.screen({
      name,
      type: person || subject.type === 'individual' ? 'individual' : 'organization',
      country: person?.nationality ?? (subject.type === 'individual' ? subject.nationality : null),
      dateOfBirth: person?.dateOfBirth ?? (subject.type === 'individual' ? subject.dateOfBirth : null),
      customId: `${context.assessment.id}:${step.key}`,
    });
    const strong = outcome.hits.filter((hit) => hit.score >= HIT_SCORE && (hit.feeds.includes('Sanctions') || hit.feeds.includes('PEP')));
    const evidence: NewEvidence = {
      key: step.key,
      kind: 'screening_search',
      title: `Screening of ${name}`,
      data: {
        search_id: outcome.searchId,
        subject_id: subject.subjectId,
        person_id: person?.personId ?? null,
        match_count: outcome.hits.length,
        matches: outcome.hits.slice(0, 10).map((hit) => ({
          match_id: hit.matchId,
          score: hit.score,
          listed_name: hit.listedName,
          entity_ref: hit.entityRef,
          feeds: hit.feeds,
          programs: hit.programs,
        })),
      },
    };
    const risks: NewRisk[] = strong.map((hit) => {
      const sanctions = hit.feeds.includes('Sanctions');
      const severity: Severity = sanctions ? 'critical' : 'high';
      return {
        key: `${sanctions ? 'sanctions' : 'pep'}:${subject.subjectId}:${person?.personId ?? '-'}:${hit.entityRef}`,
        title: `${sanctions ? 'Sanctions' : 'PEP'} match: ${name} ~ ${hit.listedName}`,
        summary: `${name} matches ${hit.listedName} (${hit.entityRef}, score ${hit.score.toFixed(2)})${hit.programs.length ? `; programs ${hit.programs.join(', ')}` : ''}${hit.description ? `; ${hit.description}` : ''}.`,
        severity,
        category: sanctions ? 'sanctions' : 'pep',
        tags: ['screening', ...hit.feeds.map((feed) => feed.toLowerCase())],
        subjectIds: [subject.subjectId],
        evidenceKeys: [evidence.key],
        sourceUrls: hit.sourceUrls,
      };
    });
    return {
      events: [
        {
          type: 'screened',
          message: `Screened ${name}: ${outcome.hits.length} potential matches, ${strong.length} strong`,
          data: {
            search_id: outcome.searchId,
            subject_id: subject.subjectId,
            person_id: person?.personId ?? null,
            matches: outcome.hits.length,
            strong: strong.length,
          },
        },
      ],
      evidence: [evidence],
      risks,
      task: { templateKey: step.task.key },
      outcome: 'continue',
    };
  }

  private jurisdictions(task: TaskTemplate, context: StepContext): StepEffects {
    const table = jurisdictionTable();
    const checked: { subject_id: string; country: string; list: string | null }[] = [];
    const risks: NewRisk[] = [];
    for (const subject of context.subjects) {
      for (const country of subjectCountries(subject)) {
        const finding = lookUpJurisdiction(table, country);
        checked.push({ subject_id: subject.subjectId, country, list: finding?.list.key ?? null });
        if (!finding) continue;
        risks.push({
          key: `jurisdiction:${subject.subjectId}:${country}`,
          title: `${finding.countryName} is on the FATF list "${finding.list.title}"`,
          summary: `${subject.name} is tied to ${finding.countryName} (${country}), listed by the ${table.publisher} on ${table.publishedOn} under "${finding.list.title}".`,
          severity: finding.list.severity,
          category: 'jurisdiction',
          tags: ['fatf', finding.list.key],
          subjectIds: [subject.subjectId],
          evidenceKeys: ['jurisdictions'],
          sourceUrls: [finding.list.sourceUrl],
        });
      }
    }
    return {
      events: [
        {
          type: 'jurisdictions_checked',
          message: `Checked ${checked.length} jurisdictions against the FATF lists of ${table.publishedOn}: ${risks.length} listed`,
          data: { table_published_on: table.publishedOn, checked },
        },
      ],
      evidence: [
        {
          key: 'jurisdictions',
          kind: 'jurisdiction_check',
          title: `FATF jurisdiction check (lists of ${table.publishedOn})`,
          data: { publisher: table.publisher, published_on: table.publishedOn, checked },
        },
      ],
      risks,
      task: { templateKey: task.key },
      outcome: 'continue',
    };
  }

  /** Asks about the serious risks found so far; nothing to ask means nothing to wait for. */
  protected questionFor(context: StepContext): string | undefined {
    const serious = context.risks.filter((risk) => risk.status === 'active' && (risk.severity === 'critical' || risk.severity === 'high'));
    if (!serious.length) return undefined;
    return `The agent found ${serious.length} high or critical risk(s): ${serious.map((risk) => risk.title).join('; ')}. Do you hold information (true identity, relationship, exemptions or licences) that explains them? Answer with an input command.`;
  }

  private async ask(task: TaskTemplate, context: StepContext): Promise<StepEffects> {
    const prompt = await this.composeQuestion(context);
    if (!prompt)
      return {
        events: [{ type: 'no_questions', message: 'No open questions for the analyst' }],
        task: { templateKey: task.key },
        outcome: 'continue',
      };
    return {
      events: [{ type: 'question_asked', message: prompt }],
      question: { key: `${context.runId}:${task.key}`, prompt, templateKey: task.key },
      task: { templateKey: task.key },
      outcome: 'wait',
    };
  }

  protected async composeQuestion(context: StepContext): Promise<string | undefined> {
    return this.questionFor(context);
  }

  private afterAnswer(task: TaskTemplate, context: StepContext): StepEffects {
    const answered = context.questions.filter((question) => question.runId === context.runId && question.status === 'answered');
    if (!answered.length) return { events: [], task: { templateKey: task.key }, outcome: 'continue' };
    const risks: NewRisk[] = answered.map((question) => ({
      key: `analyst:${question.id}`,
      title: 'Analyst explanation to weigh',
      summary: `Answer to "${question.prompt.slice(0, 120)}": ${question.answer}`,
      severity: 'low',
      category: 'analyst',
      tags: ['analyst'],
      subjectIds: [],
      evidenceKeys: [],
      sourceUrls: [],
    }));
    return {
      events: [
        {
          type: 'answer_recorded',
          message: `Recorded ${answered.length} analyst answer(s)`,
          data: { question_ids: answered.map((q) => q.id) },
        },
      ],
      risks,
      task: { templateKey: task.key, context: { answers: answered.map((q) => ({ question_id: q.id, answer: q.answer })) } },
      outcome: 'continue',
    };
  }

  private rate(task: TaskTemplate, context: StepContext): StepEffects {
    const scorecard = findScorecard(context.workflow.scorecardId);
    const ratings = rateAssessment(
      scorecard,
      context.risks.map(ratedRisk),
      context.subjects.map((subject) => subject.subjectId),
      context.now,
    );
    return {
      events: [{ type: 'client_rated', message: ratings[0].explanation, data: { rating: ratings[0].rating, score: ratings[0].score } }],
      ratings,
      task: { templateKey: task.key },
      outcome: 'continue',
    };
  }

  private endTask(task: TaskTemplate, context: StepContext): StepEffects {
    const taskRow = context.tasks.find((row) => row.templateKey === task.key);
    const raised = context.risks.filter(
      (risk) => taskRow && risk.taskIds.includes(taskRow.id) && risk.status === 'active' && risk.category !== 'analyst',
    );
    const status = raised.some((risk) => risk.severity === 'critical' || risk.severity === 'high')
      ? 'requires_review'
      : raised.length
        ? 'incomplete'
        : 'complete';
    return {
      events: [
        {
          type: 'task_finished',
          message: `${task.title}: ${status}${raised.length ? ` (${raised.length} risk(s))` : ''}`,
          data: { task: task.key, status },
        },
      ],
      task: { templateKey: task.key, status },
      outcome: 'continue',
    };
  }

  private finish(context: StepContext): StepEffects {
    const active = context.risks.filter((risk) => risk.status === 'active');
    const steering = context.steering.length ? ` Steering taken into account: ${context.steering.join(' | ')}.` : '';
    return {
      events: [{ type: 'run_completed', message: `Agent work complete: ${active.length} active risk(s); ready for review.${steering}` }],
      outcome: 'complete',
    };
  }
}
