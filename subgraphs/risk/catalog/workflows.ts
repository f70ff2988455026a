// The shipped workflows: ordered task templates the agent executes. A template's `action` names
// the agent capability that works the task; its key is stable (tasks are unique per assessment
// and template key, which keeps a resumed run from creating a task twice).
import { RiskError } from '../errors';

export type TaskAction = 'verify_registration' | 'screen_subjects' | 'check_jurisdictions' | 'ask_questions' | 'rate_client';

export interface TaskTemplate {
  key: string;
  title: string;
  required: boolean;
  action: TaskAction;
  tags: string[];
}

export interface Workflow {
  id: string;
  name: string;
  description: string;
  subjectType: 'organization' | 'individual';
  scorecardId: string;
  tasks: TaskTemplate[];
}

export const WORKFLOWS: Workflow[] = [
  {
    id: 'kyb_standard',
    name: 'KYB: standard business onboarding',
    description:
      'Registration data, sanctions/PEP screening of the business and its named persons, FATF jurisdiction check, follow-up questions, client risk rating.',
    subjectType: 'organization',
    scorecardId: 'standard_v1',
    tasks: [
      {
        key: 'registration',
        title: 'Verify registration data is present and consistent',
        required: true,
        action: 'verify_registration',
        tags: ['kyb', 'registry'],
      },
      {
        key: 'screening',
        title: 'Screen the business and its named persons',
        required: true,
        action: 'screen_subjects',
        tags: ['screening', 'sanctions', 'pep'],
      },
      {
        key: 'jurisdictions',
        title: 'Check jurisdictions against the FATF lists',
        required: true,
        action: 'check_jurisdictions',
        tags: ['jurisdiction', 'fatf'],
      },
      { key: 'questions', title: 'Resolve open questions with the analyst', required: false, action: 'ask_questions', tags: ['analyst'] },
      { key: 'rating', title: 'Compute the client risk rating', required: true, action: 'rate_client', tags: ['rating'] },
    ],
  },
  {
    id: 'kyc_standard',
    name: 'KYC: standard individual onboarding',
    description:
      'Identity data check, sanctions/PEP screening, FATF check of nationality and residence, follow-up questions, client risk rating.',
    subjectType: 'individual',
    scorecardId: 'standard_v1',
    tasks: [
      {
        key: 'identity',
        title: 'Verify identity data is present and consistent',
        required: true,
        action: 'verify_registration',
        tags: ['kyc', 'identity'],
      },
      {
        key: 'screening',
        title: 'Screen the individual',
        required: true,
        action: 'screen_subjects',
        tags: ['screening', 'sanctions', 'pep'],
      },
      {
        key: 'jurisdictions',
        title: 'Check nationality and residence against the FATF lists',
        required: true,
        action: 'check_jurisdictions',
        tags: ['jurisdiction', 'fatf'],
      },
      { key: 'questions', title: 'Resolve open questions with the analyst', required: false, action: 'ask_questions', tags: ['analyst'] },
      { key: 'rating', title: 'Compute the client risk rating', required: true, action: 'rate_client', tags: ['rating'] },
    ],
  },
];

export function findWorkflow(id: string): Workflow {
  const workflow = WORKFLOWS.find((candidate) => candidate.id === id);
  if (!workflow) throw new RiskError('risk_workflow_not_found', `Workflow ${id} not found`, { field: 'workflow_id' });
  return workflow;
}
