// Optional agent backed by an OpenAI-compatible chat completions endpoint. It runs the same plan
// and rules as the built-in agent and lets the model word the analyst questions; when the
// endpoint fails it falls back to the built-in wording (a run never depends on it). Enabled only
// by environment (VIGIL_RISK_AGENT=openai with VIGIL_RISK_OPENAI_BASE_URL, _API_KEY, _MODEL);
// never used by the tests. No personal data beyond the risk titles is sent.
import { StepContext } from './agent';
import { DeterministicAgent } from './deterministic-agent';
import { envValue } from '../../../platform/config/env';

export interface OpenAiSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export function openAiSettingsFromEnv(env: NodeJS.ProcessEnv): OpenAiSettings | undefined {
  const baseUrl = envValue('VIGIL_RISK_OPENAI_BASE_URL', env);
  if (!baseUrl) return undefined;
  return {
    baseUrl: baseUrl.replace(/\/$/, ''),
    apiKey: envValue('VIGIL_RISK_OPENAI_API_KEY', env),
    model: envValue('VIGIL_RISK_OPENAI_MODEL', env),
    timeoutMs: envValue('VIGIL_RISK_OPENAI_TIMEOUT_MS', env),
  };
}

export class OpenAiAgent extends DeterministicAgent {
  override readonly name: string;
  constructor(private readonly settings: OpenAiSettings) {
    super();
    this.name = `openai:${settings.model}`;
  }

  protected override async composeQuestion(context: StepContext): Promise<string | undefined> {
    const fallback = this.questionFor(context);
    if (!fallback) return undefined;
    try {
      const response = await fetch(`${this.settings.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.settings.model,
          temperature: 0,
          messages: [
            {
              role: 'system',
              content:
                'You are a compliance analyst assistant. Write one concise question to the human analyst about the listed risks. Plain text, no preamble.',
            },
            {
              role: 'user',
              content: context.risks
                .filter((r) => r.status === 'active')
                .map((r) => `- [${r.severity}] ${r.title}`)
                .join('\n'),
            },
          ],
        }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      if (!response.ok) return fallback;
      const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
      const text = body.choices?.[0]?.message?.content?.trim();
      return text ? text.slice(0, 2000) : fallback;
    } catch {
      return fallback;
    }
  }
}
