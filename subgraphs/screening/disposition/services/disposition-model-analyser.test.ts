// The optional model analyser's configuration and answer parsing (no endpoint is ever called here).
import { modelAnalyser, parseModelAnswer } from './disposition-model-analyser';

it('is off unless VIGIL_DISPOSITION_MODEL_URL is set', () => {
  expect(modelAnalyser({})).toBeUndefined();
  expect(modelAnalyser({ VIGIL_DISPOSITION_MODEL_URL: 'http://127.0.0.1:9/v1/', VIGIL_DISPOSITION_MODEL: 'm' })?.version).toBe(
    'vigil-disposition-model-1:m',
  );
});

it('reads a JSON answer and refuses unusable ones (which the caller turns into a failed annotation)', () => {
  expect(parseModelAnswer('Sure: {"prediction":"false_positive","confidence":0.93,"rationale":"born 1980, listed 1952"}')).toEqual({
    prediction: 'false_positive',
    confidence: 0.93,
    rationale: 'born 1980, listed 1952',
  });
  expect(() => parseModelAnswer('{"prediction":"maybe","confidence":0.5}')).toThrow(/prediction/);
  expect(() => parseModelAnswer('{"prediction":"true_positive","confidence":7}')).toThrow(/confidence/);
  expect(() => parseModelAnswer('no json')).toThrow();
});
