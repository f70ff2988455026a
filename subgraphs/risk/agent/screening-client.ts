// The one adapter between the agent and the screening domain: the screening subgraph's `screen`
// mutation through the internal client, in the assessment's scope (the search and its matches
// are stored by screening like any other search). Adjust only this file if that schema changes.
import { VigilConfig } from '../../../platform/config';
import { servicePrincipal } from '../../../platform/principal/principal';
import { callSubgraph } from '../../../platform/subgraph/internal-client';
import type { Scope } from '../../../platform/db/prisma';

export interface ScreeningRequest {
  name: string;
  type: 'individual' | 'organization';
  country?: string | null;
  dateOfBirth?: string | null;
  customId: string;
}

export interface ScreeningHit {
  matchId: string;
  score: number;
  listedName: string;
  entityRef: string;
  feeds: string[];
  programs: string[];
  sourceUrls: string[];
  description: string | null;
}

export interface ScreeningOutcome {
  searchId: string;
  hits: ScreeningHit[];
}

export interface ScreeningPort {
  screen(request: ScreeningRequest): Promise<ScreeningOutcome>;
}

const SCREEN = `mutation RiskAgentScreen($input: ScreenInput!) {
  screen(input: $input) { id searchId matches { id score listedName entityRef feeds programs sourceDetails { description urls } } }
}`;

interface ScreenAnswer {
  screen: {
    id: string;
    searchId: string;
    matches: {
      id: string;
      score: number;
      listedName: string;
      entityRef: string;
      feeds: string[];
      programs: string[];
      sourceDetails: { description: string; urls: string[] }[];
    }[];
  };
}

export function screeningPort(config: VigilConfig, scope: Scope): ScreeningPort {
  return {
    async screen(request) {
      const data = await callSubgraph<ScreenAnswer>({
        url: config.subgraphUrls.screening,
        query: SCREEN,
        variables: {
          input: {
            name: request.name,
            type: request.type,
            country: request.country ?? undefined,
            dateOfBirth: request.dateOfBirth ?? undefined,
            customId: request.customId,
            feeds: ['all'],
          },
        },
        principal: servicePrincipal('risk-agent', scope),
        secret: config.internalSecret,
        timeoutMs: 20_000,
      });
      return {
        searchId: data.screen.searchId,
        hits: data.screen.matches.map((match) => {
          const details = match.sourceDetails;
          return {
            matchId: match.id,
            score: match.score,
            listedName: match.listedName,
            entityRef: match.entityRef,
            feeds: match.feeds,
            programs: match.programs,
            sourceUrls: [...new Set(details.flatMap((detail) => detail.urls ?? []))],
            description: details[0]?.description ?? null,
          };
        }),
      };
    },
  };
}
