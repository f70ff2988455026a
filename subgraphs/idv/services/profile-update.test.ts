import { nameCase, profileUpdateOf } from './profile-update';

const results = {
  document: { type: 'passport', issuing_country: 'USA', confidence: 0.95 },
  ocr_fields: [
    { field: 'surname', value: 'OBAMA', confidence: 0.95, source: 'mrz' as const },
    { field: 'given_names', value: 'BARACK HUSSEIN', confidence: 0.95, source: 'mrz' as const },
    { field: 'document_number', value: 'X12345678', confidence: 0.95, source: 'mrz' as const },
    { field: 'date_of_birth', value: '1961-08-04', confidence: 0.95, source: 'mrz' as const },
    { field: 'date_of_expiry', value: '2034-05-31', confidence: 0.95, source: 'mrz' as const },
  ],
};

it('names in name case', () => {
  expect(nameCase("JEAN-LUC O'NEILL")).toBe("Jean-Luc O'Neill");
});

it('writes the name always and only the conventional custom fields the workspace defines with the right type', () => {
  expect(
    profileUpdateOf(results, [
      { key: 'date_of_birth', type: 'date', archived: false },
      { key: 'document_number', type: 'text', archived: false },
      { key: 'document_type', type: 'number', archived: false },
      { key: 'document_issuing_country', type: 'text', archived: true },
    ]),
  ).toEqual({
    name: 'Barack Hussein Obama',
    customFields: [
      { key: 'date_of_birth', value: '"1961-08-04"' },
      { key: 'document_number', value: '"X12345678"' },
    ],
  });
});

it('nothing read, nothing written', () => {
  expect(profileUpdateOf({}, [{ key: 'date_of_birth', type: 'date', archived: false }])).toEqual({ customFields: [] });
});
