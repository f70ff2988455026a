// Which agent runs assessments: the built-in deterministic one unless VIGIL_RISK_AGENT=openai
// (and an endpoint is configured).
import { RiskAgent } from './agent';
import { DeterministicAgent } from './deterministic-agent';
import { OpenAiAgent, openAiSettingsFromEnv } from './openai-agent';
import { envValue } from '../../../platform/config/env';

export function selectAgent(env: NodeJS.ProcessEnv = process.env): RiskAgent {
  const settings = openAiSettingsFromEnv(env);
  if (envValue('VIGIL_RISK_AGENT', env) === 'openai' && settings) return new OpenAiAgent(settings);
  return new DeterministicAgent();
}

export function agentName(env: NodeJS.ProcessEnv = process.env): string {
  return selectAgent(env).name;
}
