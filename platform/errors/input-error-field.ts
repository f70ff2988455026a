// The field path an input error of graphql-js names, so that a dashboard can put the message next
// to the right form field (`extensions.field`). graphql-js does not carry the path as data, only in
// the wording of its messages; these are the shapes it uses (graphql 16):
//   Variable "$input" got invalid value "x" at "input.kind"; Value "x" does not exist in "ProfileKind" enum.
//   Variable "$id" of required type "ID!" was not provided.
//   Variable "$input" got invalid value ...; Field "name" of required type "String!" was not provided.
//   Field "CreateProfileInput.kind" of required type "ProfileKind!" was not provided.
//   Field "foo" is not defined by type "CreateProfileInput".
//   Expected value of type "DateTime", found "x"; ...  (an inline literal: no field in the text)
const AT_PATH = /^Variable "\$[^"]+" got invalid value .*? at "([^"]+)";/s;
const VARIABLE = /^Variable "\$([^"]+)"/;
const NESTED_FIELD = /Field "([^"]+)" (?:of required type|is not defined by type)/;

export function inputErrorField(message: string): string | undefined {
  return normalize(rawField(message));
}

/** One spelling for paths: input.items.0.kind (graphql-js writes list indexes as items[0]). */
function normalize(field: string | undefined): string | undefined {
  return field?.replace(/\[(\d+)\]/g, '.$1');
}

function rawField(message: string): string | undefined {
  const at = AT_PATH.exec(message);
  const variable = VARIABLE.exec(message)?.[1];
  const nested = NESTED_FIELD.exec(message)?.[1];
  // A type-qualified field (CreateProfileInput.kind) names the field after the dot.
  const nestedName = nested?.includes('.') ? nested.slice(nested.lastIndexOf('.') + 1) : nested;
  if (at) return nestedName && !message.startsWith(`Field "${nested}"`) && message.includes('; Field') ? `${at[1]}.${nestedName}` : at[1];
  if (variable && nestedName) return `${variable}.${nestedName}`;
  return variable ?? nestedName;
}
