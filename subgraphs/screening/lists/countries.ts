/** Country name -> ISO 3166-1 alpha-2, covering the spellings the shipped lists use. Unknown names stay raw. */

const TABLE = `AF:Afghanistan|AL:Albania|DZ:Algeria|AD:Andorra|AO:Angola|AG:Antigua and Barbuda|AR:Argentina|AM:Armenia|AU:Australia|AT:Austria|AZ:Azerbaijan
BS:Bahamas;The Bahamas|BH:Bahrain|BD:Bangladesh|BB:Barbados|BY:Belarus|BE:Belgium|BZ:Belize|BJ:Benin|BT:Bhutan|BO:Bolivia;Plurinational State of Bolivia
BA:Bosnia and Herzegovina;Bosnia-Herzegovina|BW:Botswana|BR:Brazil|BN:Brunei;Brunei Darussalam|BG:Bulgaria|BF:Burkina Faso|BI:Burundi|KH:Cambodia
CM:Cameroon|CA:Canada|CV:Cape Verde;Cabo Verde|CF:Central African Republic|TD:Chad|CL:Chile|CN:China;People's Republic of China|CO:Colombia|KM:Comoros
CG:Congo;Republic of the Congo;Congo, Republic of the|CD:Democratic Republic of the Congo;Congo, Democratic Republic of the;DRC;Congo (Kinshasa)
CR:Costa Rica|CI:Cote d'Ivoire;Côte d'Ivoire;Ivory Coast|HR:Croatia|CU:Cuba|CY:Cyprus|CZ:Czech Republic;Czechia|DK:Denmark|DJ:Djibouti|DM:Dominica
DO:Dominican Republic|EC:Ecuador|EG:Egypt|SV:El Salvador|GQ:Equatorial Guinea|ER:Eritrea|EE:Estonia|SZ:Eswatini;Swaziland|ET:Ethiopia|FJ:Fiji
FI:Finland|FR:France|GA:Gabon|GM:Gambia;The Gambia|GE:Georgia|DE:Germany|GH:Ghana|GR:Greece|GD:Grenada|GT:Guatemala|GN:Guinea|GW:Guinea-Bissau
GY:Guyana|HT:Haiti|HN:Honduras|HK:Hong Kong|HU:Hungary|IS:Iceland|IN:India|ID:Indonesia|IR:Iran;Iran (Islamic Republic of);Islamic Republic of Iran
IQ:Iraq|IE:Ireland|IL:Israel|IT:Italy|JM:Jamaica|JP:Japan|JO:Jordan|KZ:Kazakhstan|KE:Kenya|KI:Kiribati
KP:North Korea;Korea, North;Democratic People's Republic of Korea;Korea, Democratic People's Republic of;DPRK
KR:South Korea;Korea, South;Republic of Korea;Korea, Republic of|XK:Kosovo|KW:Kuwait|KG:Kyrgyzstan|LA:Laos;Lao People's Democratic Republic|LV:Latvia
LB:Lebanon|LS:Lesotho|LR:Liberia|LY:Libya;Libyan Arab Jamahiriya|LI:Liechtenstein|LT:Lithuania|LU:Luxembourg|MO:Macau;Macao|MG:Madagascar|MW:Malawi
MY:Malaysia|MV:Maldives|ML:Mali|MT:Malta|MH:Marshall Islands|MR:Mauritania|MU:Mauritius|MX:Mexico|FM:Micronesia|MD:Moldova;Republic of Moldova
MC:Monaco|MN:Mongolia|ME:Montenegro|MA:Morocco|MZ:Mozambique|MM:Burma;Myanmar|NA:Namibia|NR:Nauru|NP:Nepal|NL:Netherlands;The Netherlands
NZ:New Zealand|NI:Nicaragua|NE:Niger|NG:Nigeria|MK:North Macedonia;Macedonia;The former Yugoslav Republic of Macedonia|NO:Norway|OM:Oman|PK:Pakistan
PW:Palau|PS:Palestine;Palestinian Territories;State of Palestine;West Bank;Gaza|PA:Panama|PG:Papua New Guinea|PY:Paraguay|PE:Peru|PH:Philippines
PL:Poland|PT:Portugal|QA:Qatar|RO:Romania|RU:Russia;Russian Federation|RW:Rwanda|KN:Saint Kitts and Nevis|LC:Saint Lucia
VC:Saint Vincent and the Grenadines|WS:Samoa|SM:San Marino|ST:Sao Tome and Principe|SA:Saudi Arabia|SN:Senegal|RS:Serbia|SC:Seychelles
SL:Sierra Leone|SG:Singapore|SK:Slovakia|SI:Slovenia|SB:Solomon Islands|SO:Somalia|ZA:South Africa|SS:South Sudan|ES:Spain|LK:Sri Lanka|SD:Sudan
SR:Suriname|SE:Sweden|CH:Switzerland|SY:Syria;Syrian Arab Republic|TW:Taiwan|TJ:Tajikistan|TZ:Tanzania;United Republic of Tanzania|TH:Thailand
TL:Timor-Leste;East Timor|TG:Togo|TO:Tonga|TT:Trinidad and Tobago|TN:Tunisia|TR:Turkey;Türkiye;Turkiye|TM:Turkmenistan|TV:Tuvalu|UG:Uganda
UA:Ukraine|AE:United Arab Emirates;UAE|GB:United Kingdom;United Kingdom of Great Britain and Northern Ireland;UK;Great Britain;England;Scotland
US:United States;United States of America;USA;U.S.A.|UY:Uruguay|UZ:Uzbekistan|VU:Vanuatu|VE:Venezuela;Venezuela (Bolivarian Republic of)
VN:Vietnam;Viet Nam|YE:Yemen|ZM:Zambia|ZW:Zimbabwe|VG:British Virgin Islands;Virgin Islands, British|KY:Cayman Islands|GI:Gibraltar|JE:Jersey
GG:Guernsey|IM:Isle of Man|BM:Bermuda|AW:Aruba|CW:Curacao|PR:Puerto Rico|SX:Sint Maarten|TC:Turks and Caicos Islands|AI:Anguilla`;

const byName = new Map<string, string>();
const codes = new Set<string>();
for (const entry of TABLE.split(/[|\n]/)) {
  const [code, names] = entry.trim().split(':');
  codes.add(code);
  for (const n of names.split(';')) byName.set(key(n), code);
}

function key(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
}

/** ISO-2 for a country name or code; the raw (trimmed) value when not derivable; undefined for blank input. */
export function toCountryCode(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const t = raw.trim().replace(/\.$/, '');
  if (!t) return undefined;
  if (/^[A-Z]{2}$/.test(t) && codes.has(t)) return t;
  if (/^[a-z]{2}$/.test(t) && codes.has(t.toUpperCase())) return t.toUpperCase();
  return byName.get(key(t)) ?? t;
}

export function isIsoCountry(code: string): boolean {
  return codes.has(code);
}
