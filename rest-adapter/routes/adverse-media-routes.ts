// Workspace adverse-media category set: /tenant-config/v1/adverse-media (camelCase like the other
// /tenant-config resources), mapped onto the screening subgraph's operations.
import { z } from 'zod';
import { adverseMediaSettingsSchema, updateAdverseMediaSettingsBody } from './adverse-media-mapping';
import { MANAGEMENT_CREDENTIALS, route, Route } from './route';
import { AdverseMediaSettingsDocument, UpdateAdverseMediaSettingsDocument } from '../operations/operations.generated';

const PATH = '/tenant-config/v1/adverse-media';

export const adverseMediaRoutes: Route[] = [
  route({
    method: 'get',
    path: PATH,
    area: 'clm',
    tag: 'Adverse media',
    summary: 'Read the workspace adverse-media category set (default: every category)',
    response: z.object({ adverseMedia: adverseMediaSettingsSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    document: AdverseMediaSettingsDocument,
    variables: () => ({}),
    result: (data) => ({ body: { adverseMedia: data.adverseMediaSettings } }),
  }),
  route({
    method: 'patch',
    path: PATH,
    area: 'clm',
    tag: 'Adverse media',
    summary: 'Replace the workspace adverse-media category set (an empty array disables News hits)',
    response: z.object({ adverseMedia: adverseMediaSettingsSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    body: updateAdverseMediaSettingsBody,
    document: UpdateAdverseMediaSettingsDocument,
    variables: ({ body }) => ({ input: body as z.infer<typeof updateAdverseMediaSettingsBody> }),
    result: (data) => ({ body: { adverseMedia: data.updateAdverseMediaSettings } }),
  }),
];
