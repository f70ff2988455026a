// The batch upload's CSV reading and row checks (pure functions: no browser needed).
import { describe, expect, it } from '@jest/globals';
import { checkRows, guessMapping, lineOfRefusal, parseCsv, validDateOfBirth } from './batch-csv';

describe('batch CSV', () => {
  it('reads quotes, a BOM, semicolons and a field spanning lines, keeping each record’s first line', () => {
    const table = parseCsv('\uFEFFName;Land\r\n"Doe; Jane";DE\r\n\r\n"Multi\nline";"FR"\n"He said ""hi""";\n');
    expect(table.header).toEqual(['Name', 'Land']);
    expect(table.records).toEqual([
      { line: 2, cells: ['Doe; Jane', 'DE'] },
      { line: 4, cells: ['Multi\nline', 'FR'] },
      { line: 6, cells: ['He said "hi"', ''] },
    ]);
  });

  it('guesses the columns from the header, each column used once', () => {
    expect(guessMapping(['Reference', 'Customer name', 'DOB', 'Nationality', 'Kind'])).toEqual({
      name: 1,
      type: 4,
      dateOfBirth: 2,
      country: 3,
      customId: 0,
    });
    expect(guessMapping(['foo']).name).toBe(-1);
  });

  it('lists every bad row by line and reason and keeps the good ones', () => {
    const { records } = parseCsv(
      'name,type,dob,country,id\nAda,individual,1815-12-10,GB,a\n,individual,,,b\nBob,robot,1990-02-30,Atlantis,c\nCo Ltd,company,,Germany,d\n',
    );
    const checked = checkRows(records, guessMapping(['name', 'type', 'dob', 'country', 'id']));
    expect(checked.entities.map((row) => [row.line, row.entity])).toEqual([
      [2, { name: 'Ada', type: 'individual', dateOfBirth: '1815-12-10', country: 'GB', customId: 'a' }],
      [5, { name: 'Co Ltd', type: 'company', dateOfBirth: undefined, country: 'Germany', customId: 'd' }],
    ]);
    expect(checked.problems.map((problem) => `${problem.line} ${problem.code} ${problem.value}`)).toEqual([
      '3 missingName ',
      '4 badType robot',
      '4 badDate 1990-02-30',
      '4 badCountry Atlantis',
    ]);
  });

  it('checks dates as the API does, and names the line of a row the API refused', () => {
    expect(['1957', '1957-07', '2000-02-29'].every(validDateOfBirth)).toBe(true);
    expect(['1799', '1957-13', '1900-02-29', '57-01-01'].some(validDateOfBirth)).toBe(false);
    expect(lineOfRefusal('requests[1].country: unknown country "XK"', [2, 7, 9])).toEqual({
      line: 7,
      code: 'server',
      value: 'requests[1].country: unknown country "XK"',
    });
    expect(lineOfRefusal('something else', [2])).toBeUndefined();
  });
});
