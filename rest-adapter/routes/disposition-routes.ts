// Workspace automatic disposition settings: /tenant-config/v1/automatic-disposition (camelCase
// like the other /tenant-config resources), mapped onto the screening subgraph's operations.
import { z } from 'zod';
import {
  dispositionSettingsInput,
  dispositionSettingsSchema,
  restDispositionSettings,
  updateDispositionSettingsBody,
} from './disposition-mapping';
import { MANAGEMENT_CREDENTIALS, route, Route } from './route';
import { DispositionSettingsDocument, UpdateDispositionSettingsDocument } from '../operations/operations.generated';

const PATH = '/tenant-config/v1/automatic-disposition';

export const dispositionRoutes: Route[] = [
  route({
    method: 'get',
    path: PATH,
    area: 'clm',
    tag: 'Automatic disposition',
    summary:
      'Read the workspace automatic disposition settings (enabled, Direct API channel, mode, confidence threshold) and the default search threshold and feeds',
    response: z.object({ automaticDisposition: dispositionSettingsSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    document: DispositionSettingsDocument,
    variables: () => ({}),
    result: (data) => ({ body: { automaticDisposition: restDispositionSettings(data.automaticDispositionSettings) } }),
  }),
  route({
    method: 'patch',
    path: PATH,
    area: 'clm',
    tag: 'Automatic disposition',
    summary: 'Change the workspace automatic disposition settings (supplied fields change, omitted keep)',
    response: z.object({ automaticDisposition: dispositionSettingsSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    body: updateDispositionSettingsBody,
    document: UpdateDispositionSettingsDocument,
    variables: ({ body }) => ({ input: dispositionSettingsInput(body as z.infer<typeof updateDispositionSettingsBody>) }),
    result: (data) => ({ body: { automaticDisposition: restDispositionSettings(data.updateAutomaticDispositionSettings) } }),
  }),
];
