import { applyOverrides, insideEntitlement, returnUrlProblem } from './overrides';
import { presetSteps } from './steps';

describe('returnUrlProblem', () => {
  it.each(['https://a.example/x', 'http://127.0.0.1/x', 'http://localhost:8080/cb', 'http://[::1]/cb', 'https://a.example'])(
    'accepts %s',
    (url) => {
      expect(returnUrlProblem(url)).toBeNull();
    },
  );

  it.each([
    ['http://a.example/x', /https/],
    ['http://127.0.0.2/x', /https/],
    ['http://localhost.evil.test/x', /https/],
    ['ftp://a.example/x', /https/],
    ['https://u@a.example/x', /userinfo/],
    ['https://u:p@a.example/x', /userinfo/],
    ['https://a.example/x?', /query/],
    ['https://a.example/x?a=1', /query/],
    ['https://a.example/x#', /fragment/],
    ['https://a.example/x#f', /fragment/],
    ['https://a.example/a/../b', /dot/],
    ['https://a.example/a/%2e%2e/b', /dot/],
    ['https://a.example/a b', /whitespace/],
    ['https://a.example\\@evil.test/', /backslash/],
    ['not a url', /whitespace|absolute/],
    [`https://a.example/${'x'.repeat(2040)}`, /2048/],
  ])('rejects %s', (url, problem) => {
    expect(returnUrlProblem(url)).toMatch(problem);
  });
});

describe('insideEntitlement', () => {
  const prefixes = ['https://app.example.com/done', 'https://other.example.com/'];
  it.each([
    ['https://app.example.com/done', true],
    ['https://app.example.com/done/x', true],
    ['https://other.example.com/anything', true],
    ['https://app.example.com/done-x', false],
    ['https://app.example.com/', false],
    ['https://APP.example.com/done', true],
    ['https://app.example.com:444/done', false],
    ['http://app.example.com/done', false],
  ])('%s → %s', (url, expected) => {
    expect(insideEntitlement(url, prefixes)).toBe(expected);
  });

  it('ignores malformed prefixes and matches nothing without prefixes', () => {
    expect(insideEntitlement('https://a.example/x', ['not a url'])).toBe(false);
    expect(insideEntitlement('https://a.example/x', [])).toBe(false);
  });
});

describe('applyOverrides', () => {
  const steps = presetSteps('liveness_and_id');
  it('returns nothing applied without overrides', () => {
    expect(applyOverrides(undefined, steps, [])).toEqual({
      acceptedIdTypes: null,
      declaredIdType: null,
      declaredSides: null,
      completion: null,
    });
  });

  it('derives one-sided capture for a preselected passport', () => {
    const applied = applyOverrides(
      { version: 1, id_capture: { accepted_id_types: ['passport'], preselected_id_type: 'passport' } },
      steps,
      [],
    );
    expect(applied).toMatchObject({ acceptedIdTypes: ['passport'], declaredIdType: 'passport', declaredSides: 'one' });
  });

  it('refuses a type the step does not accept and a flow without id_capture', () => {
    expect(() => applyOverrides({ version: 1, id_capture: { accepted_id_types: ['voter_card'] } }, steps, [])).toThrow(/not accepted/);
    expect(() => applyOverrides({ version: 1, id_capture: { accepted_id_types: ['passport'] } }, presetSteps('liveness_only'), [])).toThrow(
      /no id_capture/,
    );
  });

  it('403 code for a return_url outside the entitlement', () => {
    expect(() =>
      applyOverrides({ version: 1, completion: { action: 'return_link', return_url: 'https://x.example/' } }, steps, [
        'https://y.example/',
      ]),
    ).toThrow(expect.objectContaining({ code: 'idv_session_overrides_forbidden' }));
  });
});
