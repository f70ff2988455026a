// Reads the caller's credential from the request headers. Accepted forms:
//   Authorization: Api-Key <key>     application key
//   X-Api-Key: <key>                 application key (legacy header; also the x-api-key of the
//                                    profiles and screening areas: header names are case-insensitive)
//   Authorization: Bearer <token>    dashboard user token
//   Authorization: <Scheme> <value>  other schemes registered by a domain (capture, invite)
export interface Credential {
  scheme: string;
  value: string;
}

export function readCredential(headers: { authorization?: string; apiKey?: string }): Credential | undefined {
  const authorization = headers.authorization?.trim();
  if (authorization) {
    const space = authorization.indexOf(' ');
    if (space < 0) return { scheme: 'invalid', value: authorization };
    return { scheme: authorization.slice(0, space).toLowerCase(), value: authorization.slice(space + 1).trim() };
  }
  const apiKey = headers.apiKey?.trim();
  if (apiKey) return { scheme: 'api-key', value: apiKey };
  return undefined;
}
