// Optional analyser behind the same interface: asks an OpenAI-compatible chat completions endpoint
// (a model the bank runs in its own network) for the prediction, keeping the deterministic
// analyser's evidence and score breakdown. Configured by environment only, never required:
//   VIGIL_DISPOSITION_MODEL_URL   base URL, e.g. http://llm.internal:8000/v1 (unset: deterministic only)
//   VIGIL_DISPOSITION_MODEL       model name (default "default")
//   VIGIL_DISPOSITION_MODEL_KEY   bearer token, if the endpoint wants one
//   VIGIL_DISPOSITION_MODEL_TIMEOUT_MS  per match (default 10000)
// Any failure (network, timeout, unusable answer) throws; annotateMatches turns it into a failed
// annotation and the search goes on (fail open). Only facts already in the match payload are sent.
import { AnalysisOutcome, deterministicAnalyser, DispositionAnalyser, DispositionQuery } from './disposition-analyser';
import type { StoredMatch } from '../../services/search-model';
import { envValue } from '../../../../platform/config/env';

/** Reads the model's JSON answer {prediction, confidence, rationale}; throws when unusable. */
export function parseModelAnswer(content: string): Pick<AnalysisOutcome, 'prediction' | 'confidence' | 'rationale'> {
  const json = JSON.parse(content.slice(content.indexOf('{'), content.lastIndexOf('}') + 1)) as Record<string, unknown>;
  const { prediction, confidence, rationale } = json;
  if (prediction !== 'true_positive' && prediction !== 'false_positive')
    throw new Error('model answer: prediction must be true_positive or false_positive');
  if (typeof confidence !== 'number' || !(confidence >= 0 && confidence <= 1))
    throw new Error('model answer: confidence must be a number from 0 to 1');
  return { prediction, confidence, rationale: typeof rationale === 'string' ? rationale.slice(0, 500) : '' };
}

export function modelAnalyser(env: NodeJS.ProcessEnv = process.env): DispositionAnalyser | undefined {
  const base = envValue('VIGIL_DISPOSITION_MODEL_URL', env)?.replace(/\/+$/, '');
  if (!base) return undefined;
  const model = envValue('VIGIL_DISPOSITION_MODEL', env);
  const timeoutMs = envValue('VIGIL_DISPOSITION_MODEL_TIMEOUT_MS', env);
  const key = envValue('VIGIL_DISPOSITION_MODEL_KEY', env);
  return {
    version: `vigil-disposition-model-1:${model}`,
    async analyse(query: DispositionQuery, match: StoredMatch) {
      const facts = deterministicAnalyser.analyse(query, match) as AnalysisOutcome;
      const listed = {
        type: match.entity.type,
        name: match.entity.name,
        aliases: match.aliases.map((a) => a.value),
        dates_of_birth: match.entity.dates_of_birth,
        nationalities: match.entity.nationalities,
        countries: match.entity.countries,
      };
      const response = await fetch(`${base}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        signal: AbortSignal.timeout(timeoutMs),
        body: JSON.stringify({
          model,
          temperature: 0,
          messages: [
            {
              role: 'system',
              content:
                'You review sanctions screening matches. Answer only JSON {"prediction":"true_positive"|"false_positive","confidence":0..1,"rationale":"..."}.',
            },
            {
              role: 'user',
              content: JSON.stringify({ searched: query, listed, name_score: match.score, weighed_facts: facts.score_summary }),
            },
          ],
        }),
      });
      if (!response.ok) throw new Error(`model endpoint answered ${response.status}`);
      const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
      const answer = parseModelAnswer(body.choices?.[0]?.message?.content ?? '');
      return { ...facts, ...answer, rationale: answer.rationale || facts.rationale };
    },
  };
}
