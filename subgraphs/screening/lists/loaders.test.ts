/** Loaders on the real shipped files (counts from /work/shared/data/watchlists/README.md, verified) and on fixtures. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from './csv';
import {
  detectShippedLists,
  diffWatchlist,
  entityContentHash,
  entityKey,
  ftmSourceName,
  loadBisDpl,
  loadEuFsfCsv,
  loadEuFsfXml,
  loadFtmFile,
  loadOfac,
  loadUkOfsiCsv,
  loadUnXml,
  loadWatchlist,
  ofacFilesIn,
  SHIPPED_WATCHLISTS_DIR,
  type WatchlistEntity,
} from './index';
import { readListText } from './read-text';

const dir = SHIPPED_WATCHLISTS_DIR;
const fixtures = join(__dirname, '../../../test/fixtures/watchlists');
const countBy = (es: WatchlistEntity[], f: (e: WatchlistEntity) => string) =>
  es.reduce<Record<string, number>>((m, e) => ((m[f(e)] = (m[f(e)] ?? 0) + 1), m), {});

describe('OFAC SDN 2024-05-03', () => {
  const sdn = loadOfac(ofacFilesIn(join(dir, 'ofac_sdn_2024-05-03')), 'ofac_sdn');
  it('loads all 14,965 records with the README type split', () => {
    expect(sdn).toHaveLength(14965);
    expect(countBy(sdn, (e) => e.type)).toEqual({ individual: 6854, entity: 6884, vessel: 851, aircraft: 376 });
  });
  it('parses remarks: DOB, POB-free nationality, passports and weak aliases', () => {
    const zawahiri = sdn.find((e) => e.names[0].value === 'AL ZAWAHIRI, Dr. Ayman')!;
    expect(zawahiri.birthDates).toEqual([{ kind: 'full', value: '1951-06-19' }]);
    expect(zawahiri.identifiers).toContainEqual({ kind: 'passport', value: '1084010', country: 'EG' });
    const ebano = sdn.find((e) => e.sourceId === '4243')!;
    expect(ebano.type).toBe('vessel');
    expect(ebano.names.map((n) => [n.value, n.kind])).toEqual([
      ['EBANO', 'primary'],
      ['ANA I', 'fka'],
      ['SAND SWAN', 'fka'],
    ]);
    expect(ebano.identifiers).toContainEqual({ kind: 'imo', value: '7406784' });
    const bnc = sdn.find((e) => e.sourceId === '306')!;
    expect(bnc.names).toContainEqual({ value: 'BNC', kind: 'weak_aka', quality: 'low' });
  });
  it('gives every entity a stable content hash', () => {
    expect(entityContentHash(sdn[0])).toBe(entityContentHash(JSON.parse(JSON.stringify(sdn[0]))));
    expect(new Set(sdn.map(entityKey)).size).toBe(sdn.length);
  });
});

describe('OFAC SDN 2021-07 full set', () => {
  const files = ofacFilesIn(join(dir, 'ofac_sdn_2021-07_full'));
  const sdn = loadOfac(files, 'ofac_sdn');
  it('loads 8,976 entries; every alt.csv alias (11,910 rows) is on its entry', () => {
    expect(sdn).toHaveLength(8976);
    const byId = new Map(sdn.map((e) => [e.sourceId, e]));
    const rows = [...parseCsv(readListText(files.alt!))];
    expect(rows).toHaveLength(11910);
    for (const { fields } of rows) {
      const names = byId.get(fields[0].trim())!.names.map((n) => n.value.toLowerCase());
      expect(names).toContain(fields[3].replace(/\s+/g, ' ').trim().toLowerCase());
    }
  });
  it('keeps the 11,440 non-empty of the 13,837 add.csv rows (2,397 rows are all -0-)', () => {
    expect([...parseCsv(readListText(files.add!))]).toHaveLength(13837);
    expect(sdn.reduce((s, e) => s + e.addresses.length, 0)).toBe(11440);
  });
  it('appends sdn_comments.csv overflow to the remarks', () => {
    expect(byIdOf(sdn, '28264').remarks).toContain('LAZARUS GROUP');
  });
});
const byIdOf = (es: WatchlistEntity[], id: string) => es.find((e) => e.sourceId === id)!;

describe('OFAC consolidated non-SDN', () => {
  it('loads 442 entries with their 1,073 aliases', async () => {
    const cons = await loadWatchlist('ofac_cons', join(dir, 'ofac_non_sdn_consolidated_2025-12'));
    expect(cons).toHaveLength(442);
    expect(cons[0].source).toBe('ofac_cons');
    const rows = [...parseCsv(readListText(join(dir, 'ofac_non_sdn_consolidated_2025-12/cons_alt.csv')))];
    expect(rows).toHaveLength(1073);
    // aliases repeating the primary name (or another alias) are stored once
    expect(cons.reduce((s, e) => s + e.names.filter((n) => n.quality === 'good').length, 0)).toBeLessThanOrEqual(1073);
    expect(cons.reduce((s, e) => s + e.names.filter((n) => n.quality === 'good').length, 0)).toBeGreaterThan(1000);
  });
});

describe('UN consolidated XML', () => {
  const file = join(dir, 'un_consolidated_2026-02/UN_consolidated.xml');
  const un = loadUnXml(file);
  const xml = readFileSync(file, 'utf8');
  it('loads 730 individuals and 273 entities', () => {
    expect(countBy(un, (e) => e.type)).toEqual({ individual: 730, entity: 273 });
  });
  it('keeps the 2,752 published aliases (16 repeat another name of the same entry and are stored once), each name of a listing alias stored as its own', () => {
    expect((xml.match(/<ALIAS_NAME>[^<]/g) ?? []).length).toBe(2752);
    const aliases = un.reduce((s, e) => s + e.names.filter((n) => ['aka', 'fka', 'weak_aka'].includes(n.kind)).length, 0);
    // 27 alias fields list several names ("Azim Adhajani; Azim Agha-Jani", "جبهة النصرة (the Victory
    // Front; Jabhat al-Nusrah; ...)") and one primary lists two: 2,815 names once split.
    expect((xml.match(/<ALIAS_NAME>[^<]*;[^<]*<\/ALIAS_NAME>/g) ?? []).length).toBe(27);
    expect(aliases).toBe(2815);
    expect(un.flatMap((e) => e.names).filter((n) => n.value.includes(';'))).toEqual([]);
    const soleimani = un.find((e) => e.names[0].value === 'QASEM SOLEIMANI')!;
    expect(soleimani.names.map((n) => n.value)).toEqual(expect.arrayContaining(['Qasim Soleimani', 'Qasem Sulaimani', 'Kasim Sulaymani']));
    const sabet = un.find((e) => e.names[0].value === 'M. JAVAD KARIMI SABET')!;
    expect(sabet.names.map((n) => n.value)).toEqual(expect.arrayContaining(['Mohammad Sabet', 'M. Javad Kareemi Sabet']));
    expect(un.reduce((s, e) => s + e.names.filter((n) => n.kind === 'weak_aka').length, 0)).toBe(621); // 615 fields
  });
  it('keeps original-script names (the README says 380; the file has 378 NAME_ORIGINAL_SCRIPT values, one equals a Latin alias), and those of aliases (26 in a NOTE, 5 inside the alias)', () => {
    expect((xml.match(/<NAME_ORIGINAL_SCRIPT>/g) ?? []).length).toBe(378);
    expect((xml.match(/<NOTE>original script:/g) ?? []).length).toBe(26);
    expect((xml.match(/\(original script:/g) ?? []).length).toBe(5);
    const orig = un.flatMap((e) => e.names.filter((n) => n.kind === 'original_script'));
    // 377 + 26 in a NOTE + 5 inside an alias + 1 marked inside a listing alias.
    expect(orig).toHaveLength(409);
    expect(un.flatMap((e) => e.names).filter((n) => /original script/i.test(n.value))).toEqual([]);
    const khazmat = un.find((e) => e.names.some((n) => n.value === 'Amir Khazmat'))!;
    expect(khazmat.names).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: 'Амир Хазмат', kind: 'original_script', script: 'Cyrl' })]),
    );
    expect(orig.filter((n) => n.script === 'Arab').length).toBeGreaterThan(350);
    expect(orig.filter((n) => n.script === 'Cyrl').length).toBeGreaterThan(5);
  });
  it('parses birth dates: exact, year only and BETWEEN ranges', () => {
    const kinds: Record<string, number> = {};
    for (const d of un.flatMap((e) => e.birthDates)) kinds[d.kind] = (kinds[d.kind] ?? 0) + 1;
    expect(kinds.range).toBe(31);
    expect(kinds.full).toBeGreaterThan(300);
    expect(kinds.year).toBeGreaterThan(100);
    const saddam = un.find((e) => e.names[0].value === 'SADDAM HUSSEIN AL-TIKRITI')!;
    expect(saddam.names.some((n) => n.value === 'صدام حسين التكريتي')).toBe(true);
    expect(saddam.nationalities).toContain('IQ');
  });
});

describe('BIS Denied Persons List', () => {
  it('loads 581 rows with addresses and a guessed person/organisation type', () => {
    const dpl = loadBisDpl(join(dir, 'us_bis_dpl_2022/dpl.txt'));
    expect(dpl).toHaveLength(581);
    expect(dpl.every((e) => e.addresses.length === 1)).toBe(true);
    expect(countBy(dpl, (e) => e.type).entity).toBe(143);
    expect(new Set(dpl.map((e) => e.sourceId)).size).toBe(581);
    // the guess reads legal forms and business words as the name engine does (dotted "S.L.", "PJSC", "FZC", a final "AB")
    const typeOf = (name: string) => [...new Set(dpl.filter((e) => e.names[0].value === name).map((e) => e.type))];
    for (const name of [
      'KOTO COMMERCIO IBERICA, S.L.',
      'PETROM INTERNACIONAL TRADE, S.L.',
      'PJSC AEROFLOT',
      'SKY BLUE BIRD FZC',
      'YARRA ANSTALT A.G.',
      'GLOBE METALS AB',
      'MAHAN AIRWAYS',
      'ELMONT AG',
    ]) {
      expect([name, typeOf(name)]).toEqual([name, ['entity']]);
    }
    for (const name of ['ABEL HERNANDEZ, JR.', 'T. K. MOHAN', 'CAPTAIN ELYAZGI', 'ALEXANDER M. ROVEGNO'])
      expect([name, typeOf(name)]).toEqual([name, ['individual']]);
  });
});

describe('EU Financial Sanctions File', () => {
  it('loads the 93-entity CSV sample (61 persons), including the row with a quoted ";" in a field', () => {
    const eu = loadEuFsfCsv(join(dir, 'eu_fsf_csv_2018_sample/EUSanctionsShort.csv'));
    expect(eu).toHaveLength(93);
    expect(countBy(eu, (e) => e.type).individual).toBe(61);
    const mugabe = eu.find((e) => e.names[0].value === 'Robert Gabriel Mugabe')!;
    expect(mugabe.birthDates).toContainEqual({ kind: 'full', value: '1924-02-21' });
    expect(mugabe.gender).toBe('male');
  });
  it('loads the XML format (fixture)', () => {
    const eu = loadEuFsfXml(join(fixtures, 'eu-fsf-sample.xml'));
    expect(eu).toHaveLength(2);
    expect(eu[0]).toMatchObject({
      source: 'eu_fsf',
      sourceId: '13',
      type: 'individual',
      nationalities: ['EG'],
      birthDates: [{ kind: 'full', value: '1951-06-19' }],
    });
    expect(eu[0].names.map((n) => n.kind)).toEqual(['primary', 'weak_aka', 'original_script']);
    expect(eu[0].identifiers).toContainEqual({ kind: 'passport', value: '1084010', country: 'EG' });
    expect(eu[1]).toMatchObject({ type: 'entity', countries: ['RU'] });
  });
});

describe('UK OFSI consolidated CSV (fixture)', () => {
  it('groups rows by Group ID, surname last for people', () => {
    const uk = loadUkOfsiCsv(join(fixtures, 'uk-ofsi-sample.csv'));
    expect(uk.map((e) => [e.sourceId, e.type, e.names.length])).toEqual([
      ['6924', 'individual', 4],
      ['14200', 'entity', 2],
      ['16001', 'vessel', 1],
    ]);
    expect(uk[0].names[0]).toEqual({ value: 'Ayman AL-ZAWAHIRI', kind: 'primary' });
    expect(uk[0].names.find((n) => n.value === 'Abu Mohammed')).toMatchObject({ kind: 'weak_aka', quality: 'low' });
    expect(uk[0].birthDates).toEqual([
      { kind: 'full', value: '1951-06-19' },
      { kind: 'year', value: '1951' },
    ]);
    expect(uk[1].names[0].value).toBe('PRIVATE JOINT STOCK COMPANY "AZOVSTAL"');
  });
});

describe('FollowTheMoney JSON lines (fixture)', () => {
  it('maps schemas, topics to feeds, and skips non-party schemas', async () => {
    const os = await loadFtmFile(join(fixtures, 'opensanctions-sample.ftm.jsonl'));
    expect(os.map((e) => [e.type, e.feeds])).toEqual([
      ['individual', ['PEP', 'Sanctions']],
      ['entity', ['Sanctions']],
      ['individual', ['Criminal']],
      ['vessel', ['Sanctions']],
    ]);
    expect(os[0].names.find((n) => n.script === 'Cyrl')?.kind).toBe('original_script');
    expect(os[1].identifiers).toContainEqual({ kind: 'tax_id', value: '7706107510' });
  });
  it('[screening.search.ftm-sources] names each FtM file a source of its own, after its dataset, with only the URLs the data carries', async () => {
    const pep = await loadFtmFile(join(dir, 'us_congress_executive_pep/us_congress_executive_pep.ftm.jsonl'));
    expect(pep).toHaveLength(617);
    expect(new Set(pep.map((e) => e.source))).toEqual(new Set(['us_congress_executive_pep']));
    expect(pep.every((e) => e.feeds.includes('PEP') && e.type === 'individual')).toBe(true);
    // not OpenSanctions data: no made-up opensanctions.org entity pages
    expect(pep.flatMap((e) => e.sourceUrls)).toEqual([]);
    const os = await loadFtmFile(join(fixtures, 'opensanctions-sample.ftm.jsonl'));
    expect(os[0].source).toBe('opensanctions_sample');
    expect(os[0].sourceUrls).toEqual(['https://en.wikipedia.org/wiki/Vladimir_Putin']);
    expect(os.flatMap((e) => e.sourceUrls).filter((u) => u.includes('opensanctions.org/entities'))).toEqual([]);
    expect(ftmSourceName('/lists/opensanctions_sanctions_2026-01/entities.ftm.json')).toBe('opensanctions_sanctions');
    expect(ftmSourceName('/lists/x/us_congress_executive_pep.ftm.jsonl')).toBe('us_congress_executive_pep');
    expect(ftmSourceName('/lists/peps_2025-12-01/peps.jsonl')).toBe('peps');
  });
});

describe('detection and deltas', () => {
  it('maps every shipped folder to a loader', () => {
    expect(detectShippedLists(dir).map((l) => [l.folder, l.format])).toEqual([
      ['eu_fsf_csv_2018_sample', 'eu_fsf_csv'],
      ['ofac_non_sdn_consolidated_2025-12', 'ofac_cons'],
      ['ofac_sdn_2021-07_full', 'ofac_sdn'],
      ['ofac_sdn_2024-05-03', 'ofac_sdn'],
      ['un_consolidated_2026-02', 'un_xml'],
      ['us_bis_dpl_2022', 'bis_dpl'],
      ['us_congress_executive_pep', 'ftm_jsonl'],
    ]);
  });
  it('reports added, changed and removed entities between two versions', () => {
    const v1 = loadBisDpl(join(dir, 'us_bis_dpl_2022/dpl.txt')).slice(0, 10);
    const prev = new Map(v1.map((e) => [entityKey(e), entityContentHash(e)]));
    const v2 = JSON.parse(JSON.stringify(v1.slice(1))) as WatchlistEntity[];
    v2[0].remarks = 'changed';
    const d = diffWatchlist(prev, v2);
    expect([d.added.length, d.changed.length, d.removed.length]).toEqual([0, 1, 1]);
    expect(d.removed[0].sourceId).toBe(v1[0].sourceId);
  });
  it('reports malformed files with file and line', () => {
    expect(() => [...parseCsv('1,"unterminated\n2,x', { file: 'bad.csv' })]).toThrow('bad.csv:1: unterminated quoted field');
  });
});
