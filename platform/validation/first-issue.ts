import { z } from 'zod';

/** The first zod issue as a message naming the field (`body.steps.0.type: required`), the one
 * wording used by the REST adapter and by services that validate on their own. */
export function describeFirstIssue(error: z.ZodError, root: string): { location: string; message: string } {
  const issue = error.issues[0];
  const location = [root, ...issue.path.map(String)].filter(Boolean).join('.');
  const message =
    issue.code === 'unrecognized_keys'
      ? `${[location, issue.keys[0]].join('.')}: unknown field`
      : issue.code === 'invalid_type' && issue.input === undefined
        ? `${location}: required`
        : `${location}: ${issue.message}`;
  return { location, message };
}
