// Workspace adverse-media category set: /tenant-config/v1/adverse-media (camelCase like the other
// /tenant-config resources), mapped onto the screening subgraph's operations.
import { z } from 'zod';
import { ADVERSE_MEDIA_SETTINGS_FIELDS, adverseMediaSettingsSchema, updateAdverseMediaSettingsBody } from './adverse-media-mapping';
import { MANAGEMENT_CREDENTIALS, Route } from './route';

const PATH = '/tenant-config/v1/adverse-media';

export const adverseMediaRoutes: Route[] = [
  {
    method: 'get',
    path: PATH,
    area: 'clm',
    tag: 'Adverse media',
    summary: 'Read the workspace adverse-media category set (default: every category)',
    response: z.object({ adverseMedia: adverseMediaSettingsSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    operation: `query AdverseMediaSettings { adverseMediaSettings { ${ADVERSE_MEDIA_SETTINGS_FIELDS} } }`,
    variables: () => ({}),
    result: (data) => ({ body: { adverseMedia: data.adverseMediaSettings } }),
  },
  {
    method: 'patch',
    path: PATH,
    area: 'clm',
    tag: 'Adverse media',
    summary: 'Replace the workspace adverse-media category set (an empty array disables News hits)',
    response: z.object({ adverseMedia: adverseMediaSettingsSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    body: updateAdverseMediaSettingsBody,
    operation: `mutation UpdateAdverseMediaSettings($input: UpdateAdverseMediaSettingsInput!) { updateAdverseMediaSettings(input: $input) { ${ADVERSE_MEDIA_SETTINGS_FIELDS} } }`,
    variables: ({ body }) => ({ input: body }),
    result: (data) => ({ body: { adverseMedia: data.updateAdverseMediaSettings } }),
  },
];
