// Typed GraphQL inputs of the IDV core → the documented snake_case bodies the services check with
// the same rules as REST bodies (so a GraphQL caller meets the same codes and limits). Absent and
// null fields are left out (the REST body would not carry them); the flagSettings list becomes the
// flag_settings map; URL values travel as text.
import { IdvError } from '../errors';

type Json = Record<string, unknown>;

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function snakeBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeBody);
  if (value instanceof URL) return value.toString();
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Json)
      .filter(([, item]) => item !== null && item !== undefined)
      .map(([key, item]) => [snake(key), snakeBody(item)]),
  );
}

function flagSettingMap(settings: { code: string; action: string }[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const { code, action } of settings) {
    if (code in map) throw new IdvError('schema_validation_failed', `flag_settings: code ${code} is given twice`, { field: 'flagSettings' });
    map[code] = action;
  }
  return map;
}

/** The REST body a typed create/update input stands for. */
export function bodyOfInput(input: Json | null | undefined): Json {
  const { flagSettings, ...rest } = input ?? {};
  const body = snakeBody(rest) as Json;
  if (Array.isArray(flagSettings)) body.flag_settings = flagSettingMap(flagSettings as { code: string; action: string }[]);
  // An explicit null privacy contact unsets it: the REST body says so with an empty string.
  if (input && 'privacyContactEmail' in input && input.privacyContactEmail === null) body.privacy_contact_email = '';
  return body;
}
