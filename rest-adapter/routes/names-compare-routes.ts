// POST /v1/names/compare: one name against one candidate, the score and explanation a search would give the pair.
import { z } from 'zod';
import { route, Route, RouteInput } from './route';
import { CompareDocument, NameComparisonEntityTypeValues, NameComparisonLevelValues } from '../operations/operations.generated';

const DOB = /^\d{4}(-\d{2}(-\d{2})?)?$/;

const party = z.strictObject({
  name: z.string().min(1).max(512),
  type: z.enum(NameComparisonEntityTypeValues).optional(),
  date_of_birth: z.string().regex(DOB, 'must be YYYY, YYYY-MM or YYYY-MM-DD').optional(),
  country: z.string().min(2).max(64).optional(),
});

const compareBody = z.strictObject({
  query: party,
  candidate: party,
  threshold: z.number().min(0).max(1).optional(),
});

type Party = z.infer<typeof party>;
const partyInput = (p: Party) => ({ name: p.name, type: p.type, dateOfBirth: p.date_of_birth, country: p.country });

interface Comparison {
  score: number;
  level: string;
  isMatch: boolean;
  threshold: number;
  nameScore: number;
  scorerVersion: string;
  explanation: {
    tokenAlignment: { query: string; candidate: string; similarity: number; how: string }[];
    unmatchedQueryTokens: string[];
    unmatchedCandidateTokens: string[];
    caps: string[];
    adjustments: { feature: string; outcome: string; delta: number; detail: string }[];
  };
}

const response = z.object({
  score: z.number(),
  criteria_match_level: z.enum(NameComparisonLevelValues),
  is_match: z.boolean(),
  threshold: z.number(),
  name_score: z.number(),
  scorer_version: z.string(),
  match_score_info: z.object({
    token_alignment: z.array(z.object({ query: z.string(), candidate: z.string(), similarity: z.number(), how: z.string() })),
    unmatched_query_tokens: z.array(z.string()),
    unmatched_candidate_tokens: z.array(z.string()),
    caps: z.array(z.string()),
    adjustments: z.array(z.object({ feature: z.string(), outcome: z.string(), delta: z.number(), detail: z.string() })),
  }),
});

export const namesCompareRoutes: Route[] = [
  route({
    method: 'post',
    path: '/v1/names/compare',
    area: 'clm',
    tag: 'Screening',
    summary: 'Compare one name with one candidate: the score, level and per-token explanation a search would give them',
    credentials: ['x-api-key', 'api-key'],
    body: compareBody,
    document: CompareDocument,
    variables: ({ body }: RouteInput) => {
      const b = body as z.infer<typeof compareBody>;
      return { input: { query: partyInput(b.query), candidate: partyInput(b.candidate), threshold: b.threshold } };
    },
    result: (data: { compareNames: Comparison }) => {
      const c = data.compareNames;
      return {
        body: {
          score: c.score,
          criteria_match_level: c.level,
          is_match: c.isMatch,
          threshold: c.threshold,
          name_score: c.nameScore,
          scorer_version: c.scorerVersion,
          match_score_info: {
            token_alignment: c.explanation.tokenAlignment,
            unmatched_query_tokens: c.explanation.unmatchedQueryTokens,
            unmatched_candidate_tokens: c.explanation.unmatchedCandidateTokens,
            caps: c.explanation.caps,
            adjustments: c.explanation.adjustments,
          },
        },
      };
    },
    response,
  }),
];
