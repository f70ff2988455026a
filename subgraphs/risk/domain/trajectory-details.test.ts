import { trajectoryDetails, withStep } from './trajectory-details';

const command = { commandId: 'cmd_1', type: 'stop', reason: 'lunch', artifact_refs: [{ kind: 'note' }], payload: { a: 1 } };

describe('trajectoryDetails', () => {
  it('turns each stored status move into StatusChangeDetails with the facts of its trigger', () => {
    expect(trajectoryDetails('status_changed', { from: 'draft', to: 'running', trigger: 'start', reason: null })).toEqual({
      __typename: 'StatusChangeDetails',
      from: 'draft',
      to: 'running',
      trigger: 'start',
      reason: null,
      decision: null,
      note: null,
      step: null,
      command: null,
    });
    expect(
      trajectoryDetails('status_changed', {
        from: 'ready_for_review',
        to: 'concluded',
        trigger: 'conclude',
        decision: 'approved',
        note: 'ok',
      }),
    ).toMatchObject({ decision: 'approved', note: 'ok', reason: null });
    expect(trajectoryDetails('status_changed', { from: 'running', to: 'failed', trigger: 'agent_fails', step: 'screen:s1' })).toMatchObject(
      { step: 'screen:s1', command: null },
    );
    // A command's reason belongs to the command, not to the move.
    expect(trajectoryDetails('status_changed', { from: 'running', to: 'interrupted', trigger: 'stop', ...command })).toMatchObject({
      reason: null,
      command: {
        __typename: 'CommandDetails',
        commandId: 'cmd_1',
        type: 'stop',
        reason: 'lunch',
        payload: { a: 1 },
        artifactRefs: [{ kind: 'note' }],
      },
    });
  });

  it('types every agent and reviewer event by its type', () => {
    expect(trajectoryDetails('task_started', { step: 'begin:kyb', task: 'kyb' })).toEqual({
      __typename: 'AgentTaskDetails',
      step: 'begin:kyb',
      task: 'kyb',
      status: null,
    });
    expect(trajectoryDetails('task_finished', { step: 'end:kyb', task: 'kyb', status: 'complete' })).toMatchObject({ status: 'complete' });
    expect(trajectoryDetails('task_updated', { task_id: 't1', from: 'complete', to: 'requires_review' })).toEqual({
      __typename: 'TaskUpdateDetails',
      taskId: 't1',
      from: 'complete',
      to: 'requires_review',
    });
    expect(trajectoryDetails('risk_updated', { risk_id: 'r1', from: 'active', to: 'accepted', note: null })).toEqual({
      __typename: 'RiskUpdateDetails',
      riskId: 'r1',
      from: 'active',
      to: 'accepted',
      note: null,
    });
    expect(trajectoryDetails('registration_checked', { step: 'verify:s1', subject_id: 's1', problems: ['x'] })).toEqual({
      __typename: 'RegistrationCheckDetails',
      step: 'verify:s1',
      subjectId: 's1',
      problems: ['x'],
    });
    expect(
      trajectoryDetails('screened', { step: 'screen:s1', search_id: 'q1', subject_id: 's1', person_id: null, matches: 3, strong: 1 }),
    ).toEqual({
      __typename: 'ScreeningStepDetails',
      step: 'screen:s1',
      searchId: 'q1',
      subjectId: 's1',
      personId: null,
      matchCount: 3,
      strongMatchCount: 1,
    });
    expect(
      trajectoryDetails('jurisdictions_checked', {
        step: 'work:j',
        table_published_on: '2025-10-24',
        checked: [{ subject_id: 's1', country: 'IR', list: 'call_for_action' }],
      }),
    ).toEqual({
      __typename: 'JurisdictionCheckDetails',
      step: 'work:j',
      tablePublishedOn: '2025-10-24',
      checked: [{ subjectId: 's1', country: 'IR', list: 'call_for_action' }],
    });
    expect(trajectoryDetails('client_rated', { step: 'work:r', rating: 'high', score: 40 })).toEqual({
      __typename: 'ClientRatingDetails',
      step: 'work:r',
      rating: 'high',
      score: 40,
    });
    expect(trajectoryDetails('answer_recorded', { step: 'ask:q', question_ids: ['q1'] })).toEqual({
      __typename: 'AnswersRecordedDetails',
      step: 'ask:q',
      questionIds: ['q1'],
    });
    for (const type of ['question_asked', 'no_questions', 'run_completed'])
      expect(trajectoryDetails(type, { step: 'ask:q' })).toEqual({ __typename: 'AgentStepDetails', step: 'ask:q' });
    expect(trajectoryDetails('steering', command)).toMatchObject({ __typename: 'CommandDetails', reason: 'lunch' });
    expect(trajectoryDetails('evidence_uploaded', { evidence_id: 'e1', task_id: null, size: 3 })).toEqual({
      __typename: 'EvidenceUploadDetails',
      evidenceId: 'e1',
      taskId: null,
      size: 3,
    });
  });

  it('refuses a type it has no details for', () => {
    expect(() => trajectoryDetails('made_up', {})).toThrow('trajectory event type made_up has no details type');
  });
});

describe('withStep', () => {
  it("stores the step key before the event's own data", () => {
    expect(withStep({ type: 'client_rated', message: 'rated', data: { rating: 'low', score: 0 } }, 'work:r')).toEqual({
      type: 'client_rated',
      data: { step: 'work:r', rating: 'low', score: 0 },
    });
    expect(withStep({ type: 'run_completed', message: 'done' }, 'end')).toEqual({ type: 'run_completed', data: { step: 'end' } });
  });
});
