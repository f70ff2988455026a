/**
 * Names of listed records in the scripts the shipped lists do not write (Korean, Japanese, Greek, Hebrew, Thai): the shipped
 * files carry original-script names in Arabic, Persian, Cyrillic and Chinese only (all on the UN list), so a per-script
 * figure for the other scripts needs the names written for the bench. Each entry is a record of the shipped OFAC SDN list
 * (2024-05-03, by entity number) with the person's or organisation's name as it is written in its own script: DPRK names
 * in Chosŏn'gŭl (리, not 이), Israeli names in Hebrew, Greek names in Greek, Japanese names and groups as Japanese writes
 * them (kanji; katakana where that is how the name is written: オウム真理教). These were written from the names' own
 * spellings, not from the engine's transliteration, and are labelled "written" in the figures, apart from the lists'
 * own names.
 * Thai: the OFAC narcotics records of Thai nationals (SDNTK, 2000-2011) give Latin names only, and the Thai spellings of
 * the people's family names are not published. They were written here from the Latin spelling as Thai writes the common
 * given names and the parts of family names (สุวิทย์ Suwit, สมบูรณ์ Somboon, วารี Varee, สุเทพ Suthep; -พร -porn,
 * จันทร์- Jan-, ชัย- Chai-, บุญ Boon, รุ่ง Rung, ตะวัน tawan, คีรี khiri): given names are common and their spellings
 * near certain, family names are the most usual writing of their parts and may not be the bearer's (a Thai name has more
 * than one spelling for one sound: ชัย or ไชย, พร or พรณ์, ศรี or สี). Records whose family name could not be given a likely
 * Thai form were left out (PICHAYOS, AKIRAPHOKIN, PRAPATWORA). Figures on them say whether the Thai reading finds
 * names written this way, not how often it finds Thai names.
 * Translations (חוות משה for "MOSHES FARM") are left out: they are other names, not the name in another script.
 */
export interface WrittenName {
  source: 'ofac_sdn';
  sourceId: string;
  /** The listed Latin name, as a check that the entity number still names the record meant. */
  listed: string;
  value: string;
  /** The language's script, reported as such: Japanese names in kanji alone are Japanese, though the engine reads Han as Chinese. */
  script: 'Korean' | 'Hebrew' | 'Greek' | 'Japanese' | 'Thai';
}

export const WRITTEN_NAMES: WrittenName[] = [
  // Korean (DPRK, McCune-Reischauer on the list)
  { source: 'ofac_sdn', sourceId: '20157', listed: 'KIM, Jong Un', value: '김정은', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '21444', listed: 'KIM, Yo Jong', value: '김여정', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '23213', listed: 'CHOE, Ryong Hae', value: '최룡해', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '23215', listed: 'RI, Pyong Chol', value: '리병철', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '21735', listed: 'RI, Su Yong', value: '리수용', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '23214', listed: 'KIM, Jong Sik', value: '김정식', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '39496', listed: 'JON, Il Ho', value: '전일호', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '39497', listed: 'YU, Jin', value: '유진', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '21306', listed: 'CHOE, Hwi', value: '최휘', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '19497', listed: 'PAK, Yong Sik', value: '박영식', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '33936', listed: 'RI, Yong Gil', value: '리영길', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '20125', listed: 'KIM, Kyong Ok', value: '김경옥', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '19496', listed: 'HWANG, Pyong So', value: '황병서', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '20120', listed: 'CHOE, Pu Il', value: '최부일', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '21443', listed: 'KIM, Won Hong', value: '김원홍', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '19491', listed: 'RI, Man Gon', value: '리만건', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '39498', listed: 'KIM, Su Gil', value: '김수길', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '23212', listed: 'JONG, Kyong Thaek', value: '정경택', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '23086', listed: 'RI, Thae Chol', value: '리태철', script: 'Korean' },
  { source: 'ofac_sdn', sourceId: '19494', listed: 'RI, Yong Mu', value: '리용무', script: 'Korean' },
  // Hebrew
  { source: 'ofac_sdn', sourceId: '47320', listed: 'LEVI, Yinon', value: 'ינון לוי', script: 'Hebrew' },
  { source: 'ofac_sdn', sourceId: '47324', listed: 'ZICHERMAN, Shalom', value: 'שלום זיכרמן', script: 'Hebrew' },
  { source: 'ofac_sdn', sourceId: '47326', listed: 'CHASDAI, David Chai', value: 'דוד חי חסדאי', script: 'Hebrew' },
  { source: 'ofac_sdn', sourceId: '47327', listed: 'TANJIL, Einan', value: "עינן טנג'יל", script: 'Hebrew' },
  { source: 'ofac_sdn', sourceId: '48243', listed: 'SHARVIT, Moshe', value: 'משה שרביט', script: 'Hebrew' },
  { source: 'ofac_sdn', sourceId: '48245', listed: 'BAR YOSEF, Zvi', value: 'צבי בר יוסף', script: 'Hebrew' },
  { source: 'ofac_sdn', sourceId: '48247', listed: 'BEN PAZI, Neriya', value: 'נריה בן פזי', script: 'Hebrew' },
  { source: 'ofac_sdn', sourceId: '48605', listed: 'GOPSTEIN, Ben-Zion', value: 'בן-ציון גופשטיין', script: 'Hebrew' },
  // Greek
  { source: 'ofac_sdn', sourceId: '18009', listed: 'MAZIOTIS, Nikolaos', value: 'Νικόλαος Μαζιώτης', script: 'Greek' },
  { source: 'ofac_sdn', sourceId: '18010', listed: 'XIROS, Christodoulos', value: 'Χριστόδουλος Ξηρός', script: 'Greek' },
  { source: 'ofac_sdn', sourceId: '26684', listed: 'MANIDIS, Georgios', value: 'Γεώργιος Μανίδης', script: 'Greek' },
  { source: 'ofac_sdn', sourceId: '34956', listed: 'STAVRIDIS, Konstantinos', value: 'Κωνσταντίνος Σταυρίδης', script: 'Greek' },
  // Japanese
  { source: 'ofac_sdn', sourceId: '4691', listed: 'AUM SHINRIKYO', value: 'オウム真理教', script: 'Japanese' },
  { source: 'ofac_sdn', sourceId: '12816', listed: 'YAKUZA', value: 'ヤクザ', script: 'Japanese' },
  { source: 'ofac_sdn', sourceId: '13071', listed: 'YAMAGUCHI-GUMI', value: '山口組', script: 'Japanese' },
  { source: 'ofac_sdn', sourceId: '15495', listed: 'SUMIYOSHI-KAI', value: '住吉会', script: 'Japanese' },
  { source: 'ofac_sdn', sourceId: '15661', listed: 'INAGAWA-KAI', value: '稲川会', script: 'Japanese' },
  { source: 'ofac_sdn', sourceId: '17787', listed: 'KODO-KAI', value: '弘道会', script: 'Japanese' },
  { source: 'ofac_sdn', sourceId: '13072', listed: 'SHINODA, Kenichi', value: '篠田建市', script: 'Japanese' },
  { source: 'ofac_sdn', sourceId: '13073', listed: 'TAKAYAMA, Kiyoshi', value: '高山清司', script: 'Japanese' },
  { source: 'ofac_sdn', sourceId: '15496', listed: 'NISHIGUCHI, Shigeo', value: '西口茂男', script: 'Japanese' },
  { source: 'ofac_sdn', sourceId: '15662', listed: 'KIYOTA, Jiro', value: '清田次郎', script: 'Japanese' },
  { source: 'ofac_sdn', sourceId: '16133', listed: 'GOTO, Tadamasa', value: '後藤忠政', script: 'Japanese' },
  { source: 'ofac_sdn', sourceId: '17788', listed: 'TAKEUCHI, Teruaki', value: '竹内照明', script: 'Japanese' },
  { source: 'ofac_sdn', sourceId: '20381', listed: 'INOUE, Kunio', value: '井上邦雄', script: 'Japanese' },
  // Thai (see the header: given names near certain, family names the usual writing of their parts)
  { source: 'ofac_sdn', sourceId: '9529', listed: 'CHARIAPAPORN, Hiran', value: 'หิรัญ จริยาภาพร', script: 'Thai' },
  { source: 'ofac_sdn', sourceId: '9531', listed: 'PHUANGPHET, Suwit', value: 'สุวิทย์ พวงเพชร', script: 'Thai' },
  { source: 'ofac_sdn', sourceId: '9532', listed: 'JANPRAPAPORN, Arin', value: 'อรินทร์ จันทร์ประภาพร', script: 'Thai' },
  { source: 'ofac_sdn', sourceId: '9533', listed: 'KRADUMPORN, Somboon', value: 'สมบูรณ์ กระดุมพร', script: 'Thai' },
  { source: 'ofac_sdn', sourceId: '9534', listed: 'KRADUMPORN, Varee', value: 'วารี กระดุมพร', script: 'Thai' },
  { source: 'ofac_sdn', sourceId: '9535', listed: 'CHAIWORASIN, Wimonsi', value: 'วิมลศรี ชัยวรสิน', script: 'Thai' },
  { source: 'ofac_sdn', sourceId: '9536', listed: 'CHAIWORASIN, Wilai', value: 'วิไล ชัยวรสิน', script: 'Thai' },
  { source: 'ofac_sdn', sourceId: '9538', listed: 'CHAIJAMROONPHAN, Warin', value: 'วรินทร์ ชัยจำรูญพันธ์', script: 'Thai' },
  { source: 'ofac_sdn', sourceId: '11272', listed: 'SAMSAENG, Suthep', value: 'สุเทพ สามแสง', script: 'Thai' },
  { source: 'ofac_sdn', sourceId: '11276', listed: 'BOONCHUA, Chanchira', value: 'จันทร์จิรา บุญเชื้อ', script: 'Thai' },
  { source: 'ofac_sdn', sourceId: '23651', listed: 'RUNGTAWANKHIRI, Nat', value: 'ณัฐ รุ่งตะวันคีรี', script: 'Thai' },
];
