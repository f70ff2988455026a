// Profiles area: /clm/v1, envelope {msg, status, result}, x-api-key.
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { Route } from './route';

const PROFILE_FIELDS = 'id name kind email status createdAt updatedAt';

export const profileRoutes: Route[] = [
  {
    method: 'post',
    path: '/clm/v1/profiles',
    area: 'clm',
    tag: 'Profiles',
    summary: 'Create a profile (without screening)',
    credentials: ['x-api-key', 'api-key'],
    body: z.strictObject({ name: z.string().min(1), kind: z.string().min(1), email: z.email().nullish() }),
    operation: `mutation CreateProfile($input: CreateProfileInput!) { createProfile(input: $input) { ${PROFILE_FIELDS} } }`,
    variables: ({ body }) => ({ input: body }),
    result: (data) => ({ body: { profile: data.createProfile } }),
    successStatus: 201,
  },
  {
    method: 'get',
    path: '/clm/v1/profiles/:profileId',
    area: 'clm',
    tag: 'Profiles',
    summary: 'Read a profile',
    credentials: ['x-api-key', 'api-key'],
    operation: `query Profile($id: ID!) { profile(id: $id) { ${PROFILE_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.profileId }),
    result: (data) => {
      if (!data.profile) throw notFound();
      return { body: { profile: data.profile } };
    },
  },
];

function notFound(): ApiError {
  return ApiError.of('profile_not_found', 'Profile not found');
}
