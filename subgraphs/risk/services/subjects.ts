// Subjects of an assessment: validated in one of the two documented shapes, given ids, and kept
// sealed (envelope encryption: names, registration numbers and named persons are personal data).
import { KeyProvider, open, seal, SealedValue } from '../../../platform/crypto/envelope';
import { newId } from '../../../platform/ids/new-id';
import { RiskError } from '../errors';

export type SubjectType = 'organization' | 'individual';

export interface Jurisdiction {
  country: string;
  state?: string | null;
}

export interface NamedPerson {
  personId: string;
  name: string;
  role?: string | null;
  dateOfBirth?: string | null;
  nationality?: string | null;
}

export interface Subject {
  subjectId: string;
  type: SubjectType;
  name: string;
  registrationId?: string | null;
  jurisdiction?: Jurisdiction | null;
  locations: { type: string; country: string; state?: string | null }[];
  registrations: {
    registrationId: string;
    registryName?: string | null;
    jurisdiction: { level?: string | null; country: string; state?: string | null };
  }[];
  profileId?: string | null;
  dateOfBirth?: string | null;
  nationality?: string | null;
  persons: NamedPerson[];
}

export type SubjectInput = Omit<Subject, 'subjectId' | 'persons' | 'locations' | 'registrations'> & {
  locations?: Subject['locations'] | null;
  registrations?: Subject['registrations'] | null;
  persons?: Omit<NamedPerson, 'personId'>[] | null;
};

const MAX_SUBJECTS = 20;
const MAX_PERSONS = 50;

function invalid(field: string, message: string): never {
  throw new RiskError('schema_validation_failed', `${field}: ${message}`, { field });
}

/** Checks the shape rules the GraphQL types cannot express and assigns ids. */
export function normalizeSubjects(inputs: SubjectInput[]): Subject[] {
  if (!inputs.length) invalid('subjects', 'at least one subject is required');
  if (inputs.length > MAX_SUBJECTS) invalid('subjects', `at most ${MAX_SUBJECTS} subjects`);
  return inputs.map((input, index) => {
    const at = `subjects[${index}]`;
    const name = input.name?.trim();
    if (!name) invalid(`${at}.name`, 'must not be empty');
    const locations = input.locations ?? [];
    const registrations = input.registrations ?? [];
    if (input.type === 'organization') {
      const flat = Boolean(input.registrationId || input.jurisdiction);
      const nested = locations.length > 0 || registrations.length > 0;
      if (flat && nested) invalid(at, 'use either registration_id + jurisdiction or locations[] + registrations[], not both');
      if (!flat && !nested) invalid(at, 'an organization needs registration_id + jurisdiction, or locations[] + registrations[]');
      if (flat && !input.registrationId?.trim()) invalid(`${at}.registration_id`, 'is required with jurisdiction');
      if (flat && !input.jurisdiction) invalid(`${at}.jurisdiction`, 'is required with registration_id');
      if (nested && !registrations.length) invalid(`${at}.registrations`, 'at least one registration is required with locations');
      if (nested && !locations.length) invalid(`${at}.locations`, 'at least one location is required with registrations');
    }
    const persons = input.persons ?? [];
    if (persons.length > MAX_PERSONS) invalid(`${at}.persons`, `at most ${MAX_PERSONS} named persons`);
    persons.forEach((person, p) => {
      if (!person.name?.trim()) invalid(`${at}.persons[${p}].name`, 'must not be empty');
    });
    return {
      ...input,
      name,
      subjectId: newId('subj', 16),
      locations,
      registrations,
      persons: persons.map((person) => ({ ...person, name: person.name.trim(), personId: newId('person', 16) })),
    };
  });
}

export function sealSubjects(keys: KeyProvider, assessmentId: string, subjects: Subject[]): SealedValue {
  return seal(keys, subjects, `risk.assessment:${assessmentId}:subjects`);
}

export function openSubjects(keys: KeyProvider, assessmentId: string, stored: unknown): Subject[] {
  if (Array.isArray(stored)) return stored as Subject[]; // rows of the placeholder era (never sealed)
  return open<Subject[]>(keys, stored as SealedValue, `risk.assessment:${assessmentId}:subjects`);
}

/** Countries a subject is tied to (registration, locations, nationality), upper case, unique. */
export function subjectCountries(subject: Subject): string[] {
  const countries = [
    subject.jurisdiction?.country,
    ...subject.locations.map((location) => location.country),
    ...subject.registrations.map((registration) => registration.jurisdiction.country),
    subject.nationality,
    ...subject.persons.map((person) => person.nationality),
  ];
  return [...new Set(countries.filter((c): c is string => Boolean(c)).map((c) => c.toUpperCase()))];
}
