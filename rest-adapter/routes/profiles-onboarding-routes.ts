// Create-and-screen onboarding (/clm/v1/onboarding/profiles): the profile body of POST /profiles
// plus the onboarding block; result.profile and result.tasks (snake_case task shape, docs/profiles.md).
import { z } from 'zod';
import { PROFILE_CREDENTIALS, profileNotFound, profileSchema, toProfile } from './profiles-mapping';
import { createProfileBody, profileInput } from './profiles-routes';
import { route, Route } from './route';
import { REST_FEED_CHOICES } from './feed-names';
import { feedEnum } from './screening-mapping';
import { OnboardProfileDocument, ProfileOnboardingDocument } from '../operations/operations.generated';

const knownFeed = (feed: string) => REST_FEED_CHOICES.some((name) => name.toLowerCase() === feed.trim().toLowerCase());

const onboardingBody = z.strictObject({
  screening: z
    .strictObject({
      enabled: z.boolean(),
      feeds: z
        .array(
          z
            .string()
            .max(64)
            .refine(knownFeed, `must be one of ${REST_FEED_CHOICES.join(', ')}`),
        )
        .min(1)
        .max(REST_FEED_CHOICES.length)
        .optional(),
    })
    .optional(),
  idv: z.strictObject({ enabled: z.boolean(), workflowId: z.string().min(1).max(200).nullish() }).optional(),
  sequence: z.enum(['screening_first', 'idv_first', 'parallel']).optional(),
});

const onboardProfileBody = createProfileBody.extend({ onboarding: onboardingBody });

const taskSchema = z.object({
  task_id: z.string(),
  kind: z.enum(['screening', 'idv']),
  status: z.enum(['pending', 'running', 'completed', 'failed']),
  search_id: z.string().optional(),
  session_id: z.string().optional(),
  started_at: z.string().optional(),
  completed_at: z.string().optional(),
});

const onboardingSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'completed']),
  sequence: z.string(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});

interface TaskData {
  taskId: string;
  kind: string;
  status: string;
  searchId: string | null;
  sessionId: string | null;
  startedAt: string | null;
  completedAt: string | null;
}

/** The documented task shape: absent optional fields are omitted, not null. */
export function toTask(task: TaskData) {
  return {
    task_id: task.taskId,
    kind: task.kind,
    status: task.status,
    ...(task.searchId ? { search_id: task.searchId } : {}),
    ...(task.sessionId ? { session_id: task.sessionId } : {}),
    ...(task.startedAt ? { started_at: task.startedAt } : {}),
    ...(task.completedAt ? { completed_at: task.completedAt } : {}),
  };
}

function toOnboarding(run: { id: string; status: string; sequence: string; decidedAt: string | null; createdAt: string }) {
  return { id: run.id, status: run.status, sequence: run.sequence, decided_at: run.decidedAt, created_at: run.createdAt };
}

function onboardingInput(body: z.infer<typeof onboardingBody>) {
  return {
    ...(body.screening
      ? { screening: { enabled: body.screening.enabled, ...(body.screening.feeds ? { feeds: body.screening.feeds.map(feedEnum) } : {}) } }
      : {}),
    ...(body.idv ? { idv: { enabled: body.idv.enabled, workflowId: body.idv.workflowId ?? null } } : {}),
    ...(body.sequence ? { sequence: body.sequence } : {}),
  };
}

const resultSchema = z.object({ profile: profileSchema, tasks: z.array(taskSchema), onboarding: onboardingSchema });

export const profileOnboardingRoutes: Route[] = [
  route({
    method: 'post',
    path: '/clm/v1/onboarding/profiles',
    area: 'clm',
    tag: 'Profiles',
    summary:
      'Create a profile and onboard it: screening and/or an IDV session in the requested sequence (screening_first default, idv_first, parallel), run by the workers',
    response: resultSchema,
    credentials: PROFILE_CREDENTIALS,
    body: onboardProfileBody,
    document: OnboardProfileDocument,
    variables: ({ body }) => {
      const { onboarding, ...profile } = body as z.infer<typeof onboardProfileBody>;
      return { input: { ...profileInput(profile), onboarding: onboardingInput(onboarding) } };
    },
    result: (data) => {
      const { profile, onboarding } = data.onboardProfile;
      return { body: { profile: toProfile(profile), tasks: onboarding.tasks.map(toTask), onboarding: toOnboarding(onboarding) } };
    },
    successStatus: 201,
  }),
  route({
    method: 'get',
    path: '/clm/v1/onboarding/profiles/:profileId',
    area: 'clm',
    tag: 'Profiles',
    summary: 'Read a profile with its onboarding run and tasks (poll until onboarding.status is completed)',
    response: resultSchema,
    credentials: PROFILE_CREDENTIALS,
    document: ProfileOnboardingDocument,
    variables: ({ params }) => ({ id: params.profileId }),
    result: (data) => {
      if (!data.profile?.onboarding) throw profileNotFound();
      return {
        body: {
          profile: toProfile(data.profile),
          tasks: data.profile.onboarding.tasks.map(toTask),
          onboarding: toOnboarding(data.profile.onboarding),
        },
      };
    },
  }),
];
