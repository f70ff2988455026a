// Workspace automatic disposition settings: /tenant-config/v1/automatic-disposition (camelCase
// like the other /tenant-config resources), mapped onto the screening subgraph's operations.
import { z } from 'zod';
import { DISPOSITION_SETTINGS_FIELDS, dispositionSettingsSchema, updateDispositionSettingsBody } from './disposition-mapping';
import { MANAGEMENT_CREDENTIALS, Route } from './route';

const PATH = '/tenant-config/v1/automatic-disposition';

export const dispositionRoutes: Route[] = [
  {
    method: 'get',
    path: PATH,
    area: 'clm',
    tag: 'Automatic disposition',
    summary: 'Read the workspace automatic disposition settings (enabled, Direct API channel, mode, confidence threshold)',
    response: z.object({ automaticDisposition: dispositionSettingsSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    operation: `query DispositionSettings { automaticDispositionSettings { ${DISPOSITION_SETTINGS_FIELDS} } }`,
    variables: () => ({}),
    result: (data) => ({ body: { automaticDisposition: data.automaticDispositionSettings } }),
  },
  {
    method: 'patch',
    path: PATH,
    area: 'clm',
    tag: 'Automatic disposition',
    summary: 'Change the workspace automatic disposition settings (supplied fields change, omitted keep)',
    response: z.object({ automaticDisposition: dispositionSettingsSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    body: updateDispositionSettingsBody,
    operation: `mutation UpdateDispositionSettings($input: UpdateAutomaticDispositionSettingsInput!) { updateAutomaticDispositionSettings(input: $input) { ${DISPOSITION_SETTINGS_FIELDS} } }`,
    variables: ({ body }) => ({ input: body }),
    result: (data) => ({ body: { automaticDisposition: data.updateAutomaticDispositionSettings } }),
  },
];
