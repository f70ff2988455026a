import { deriveStatus, StatusInputs } from './profile-status-service';
import { runnableTasks } from '../onboarding/services/onboarding-progress';
import { OnboardingTaskRow } from '../onboarding/data/onboarding-store';

const none: StatusInputs = { screening: null, idvOutcome: null, onboardingInProgress: false };
const screened = (unresolved: number, truePositive = 0) => ({ unresolved, truePositive });

describe('deriveStatus', () => {
  it.each<[string, StatusInputs, string]>([
    ['never screened', none, 'not_screened'],
    ['onboarding, nothing decided', { ...none, onboardingInProgress: true }, 'pending'],
    ['screened without matches', { ...none, screening: screened(0) }, 'clear'],
    ['screened clear but onboarding IDV still open', { ...none, screening: screened(0), onboardingInProgress: true }, 'pending'],
    ['unresolved matches', { ...none, screening: screened(2) }, 'potential_match'],
    ['unresolved matches while onboarding runs', { ...none, screening: screened(1), onboardingInProgress: true }, 'potential_match'],
    [
      'a true positive outranks everything',
      { screening: screened(3, 1), idvOutcome: 'rejected', onboardingInProgress: true },
      'confirmed_match',
    ],
    ['IDV rejected outranks unresolved matches', { ...none, screening: screened(2), idvOutcome: 'rejected' }, 'rejected'],
    ['IDV awaiting review', { ...none, screening: screened(0), idvOutcome: 'requires_review' }, 'in_review'],
    ['IDV escalated', { ...none, idvOutcome: 'escalation', onboardingInProgress: true }, 'in_review'],
    ['IDV assessment failed needs a human', { ...none, screening: screened(0), idvOutcome: 'failed' }, 'in_review'],
    ['unresolved matches outrank IDV review', { ...none, screening: screened(1), idvOutcome: 'requires_review' }, 'potential_match'],
    ['IDV accepted, screened clear', { ...none, screening: screened(0), idvOutcome: 'accepted' }, 'clear'],
    ['IDV automatic pass without screening', { ...none, idvOutcome: 'automatic_pass' }, 'clear'],
  ])('%s', (_, inputs, expected) => {
    expect(deriveStatus(inputs)).toBe(expected);
  });
});

describe('runnableTasks', () => {
  const task = (kind: string, status: string, extra: Partial<OnboardingTaskRow> = {}) =>
    ({ id: kind, kind, status, searchId: null, sessionId: null, ...extra }) as OnboardingTaskRow;

  it('sequential runs take the next unsettled task only', () => {
    expect(
      runnableTasks({ sequence: 'screening_first', tasks: [task('screening', 'pending'), task('idv', 'pending')] }).map((t) => t.kind),
    ).toEqual(['screening']);
    expect(
      runnableTasks({ sequence: 'screening_first', tasks: [task('screening', 'completed'), task('idv', 'pending')] }).map((t) => t.kind),
    ).toEqual(['idv']);
    expect(
      runnableTasks({ sequence: 'idv_first', tasks: [task('idv', 'running', { sessionId: 's' }), task('screening', 'pending')] }),
    ).toEqual([]);
    expect(
      runnableTasks({ sequence: 'idv_first', tasks: [task('idv', 'failed'), task('screening', 'pending')] }).map((t) => t.kind),
    ).toEqual(['screening']);
  });

  it('parallel runs start every pending task; a task left running without its result (dead worker) starts again', () => {
    expect(
      runnableTasks({ sequence: 'parallel', tasks: [task('screening', 'pending'), task('idv', 'pending')] }).map((t) => t.kind),
    ).toEqual(['screening', 'idv']);
    expect(
      runnableTasks({ sequence: 'parallel', tasks: [task('screening', 'running'), task('idv', 'running', { sessionId: 's' })] }).map(
        (t) => t.kind,
      ),
    ).toEqual(['screening']);
    expect(
      runnableTasks({ sequence: 'parallel', tasks: [task('screening', 'completed', { searchId: 'x' }), task('idv', 'running')] }).map(
        (t) => t.kind,
      ),
    ).toEqual(['idv']);
  });
});
