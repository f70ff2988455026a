// The jurisdiction risk table: FATF's published lists, shipped in fatf-jurisdictions.json with
// their publication date. Operators replace it by pointing VIGIL_RISK_JURISDICTION_TABLE at an
// edited copy of the same shape (read once per process).
import fs from 'node:fs';
import path from 'node:path';
import { Severity } from './scorecards';
import { envValue } from '../../../platform/config/env';

export interface JurisdictionList {
  key: string;
  title: string;
  severity: Severity;
  sourceUrl: string;
  countries: Record<string, string>;
}

export interface JurisdictionTable {
  publisher: string;
  publishedOn: string;
  lists: JurisdictionList[];
}

export interface JurisdictionFinding {
  country: string;
  countryName: string;
  list: JurisdictionList;
}

let cached: JurisdictionTable | undefined;

export function jurisdictionTable(env: NodeJS.ProcessEnv = process.env): JurisdictionTable {
  const configured = envValue('VIGIL_RISK_JURISDICTION_TABLE', env);
  if (cached && !configured) return cached;
  const file = configured ?? path.join(__dirname, 'fatf-jurisdictions.json');
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    publisher: string;
    published_on: string;
    lists: Record<string, { title: string; severity: Severity; source_url: string; countries: Record<string, string> }>;
  };
  const table = {
    publisher: raw.publisher,
    publishedOn: raw.published_on,
    lists: Object.entries(raw.lists).map(([key, list]) => ({
      key,
      title: list.title,
      severity: list.severity,
      sourceUrl: list.source_url,
      countries: list.countries,
    })),
  };
  if (!configured) cached = table;
  return table;
}

export function lookUpJurisdiction(table: JurisdictionTable, country: string): JurisdictionFinding | undefined {
  const code = country.toUpperCase();
  for (const list of table.lists) {
    if (list.countries[code]) return { country: code, countryName: list.countries[code], list };
  }
  return undefined;
}
