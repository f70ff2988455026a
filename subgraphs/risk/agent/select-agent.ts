// Which agent runs assessments: the built-in deterministic one unless VIGIL_RISK_AGENT=openai
// (and an endpoint is configured).
import { RiskAgent } from './agent';
import { DeterministicAgent } from './deterministic-agent';
import { OpenAiAgent, openAiSettingsFromEnv } from './openai-agent';

export function selectAgent(env: NodeJS.ProcessEnv = process.env): RiskAgent {
  const settings = openAiSettingsFromEnv(env);
  if (env.VIGIL_RISK_AGENT === 'openai' && settings) return new OpenAiAgent(settings);
  return new DeterministicAgent();
}

export function agentName(env: NodeJS.ProcessEnv = process.env): string {
  return selectAgent(env).name;
}
