import { evidenceDetails } from './evidence-details';

const noFile = { fileName: null, contentType: null, size: null, sha256: null };

describe('evidenceDetails', () => {
  it('turns stored snake_case data into the typed member of its kind', () => {
    expect(
      evidenceDetails(
        'screening_search',
        {
          search_id: 's1',
          subject_id: 'subj',
          person_id: null,
          match_count: 1,
          matches: [{ match_id: 'm1', score: 0.97, listed_name: 'X', entity_ref: 'UN-1', feeds: ['Sanctions'], programs: ['IQ'] }],
        },
        noFile,
      ),
    ).toEqual({
      __typename: 'ScreeningSearchEvidence',
      searchId: 's1',
      subjectId: 'subj',
      personId: null,
      matchCount: 1,
      matches: [{ matchId: 'm1', score: 0.97, listedName: 'X', entityRef: 'UN-1', feeds: ['Sanctions'], programs: ['IQ'] }],
    });
    expect(
      evidenceDetails('registration_check', { subject_id: 'subj', consistent: false, problems: ['registration number missing'] }, noFile),
    ).toEqual({ __typename: 'RegistrationCheckEvidence', subjectId: 'subj', consistent: false, problems: ['registration number missing'] });
    expect(
      evidenceDetails(
        'jurisdiction_check',
        { publisher: 'FATF', published_on: '2025-10-24', checked: [{ subject_id: 'subj', country: 'DE', list: null }] },
        noFile,
      ),
    ).toEqual({
      __typename: 'JurisdictionCheckEvidence',
      publisher: 'FATF',
      publishedOn: '2025-10-24',
      checked: [{ subjectId: 'subj', country: 'DE', list: null }],
    });
  });

  it('serves an upload from the file fields of its row', () => {
    expect(evidenceDetails('upload', {}, { fileName: 'a.pdf', contentType: 'application/pdf', size: 3, sha256: 'ab' })).toEqual({
      __typename: 'UploadEvidence',
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      size: 3,
      sha256: 'ab',
    });
  });

  it('refuses a kind without a details type instead of serving an empty object', () => {
    expect(() => evidenceDetails('user_answer', {}, noFile)).toThrow('evidence kind user_answer has no details type');
  });
});
