/** Word classes that must not carry a match on their own: legal forms, generic business words, stopwords, honorifics. */

export const enum TokenClass {
  Regular = 0,
  Stopword = 1, // the, of, and, de, al, el: ignored for matching, kept for joined-token comparison
  Particle = 2, // bin, ibn, abu, ould: matched but weigh little
  LegalForm = 3, // ltd, llc, corp, gmbh, jsc, ooo ...
  Generic = 4, // trading, company, group, international ...
  Honorific = 5, // mr, dr, sheikh, haji ... dropped
  Initial = 6, // single letter of a person's name
}

const words = (s: string) => new Set(s.trim().split(/\s+/));

export const LEGAL_FORMS =
  words(`ltd limited llc lc llp lp inc incorporated corp corporation co cia gmbh ag kg ohg mbh sa sas sarl srl spa bv nv
plc pte pty pvt jsc ojsc cjsc pjsc oao ooo zao tov pao ao fze fzco fzc fzllc est kft zrt sro oy ab aps kk sdn bhd tbk lda ltda sl eood ead doo
cv sac saa sae saog saoc sal bsc wll llc ulc gie sccl scs sci ltda sapi sab de_cv intl`);

export const GENERIC_WORDS =
  words(`company companies compania companhia trading trade traders international group holding holdings industries industrial
industry enterprise enterprises services service general global import export imports exports commercial investment investments development
technology technologies tech engineering construction shipping logistics bank banking finance financial management consulting solutions systems
products manufacturing energy oil gas petroleum petrochemical commerce foreign national united new world center centre organization organisation
foundation association society institute agency ministry department office factory plant branch airlines airline air aviation marine maritime
navigation transport transportation electronics electric equipment resources capital partners associates network media charitable trust fund
committee council establishment exchange office agro chemical chemicals pharmaceutical medical textile textiles metal metals mining
steel motors auto cars food foods supply supplies sciences science research project projects line lines express star sea ocean`);

export const STOPWORDS = words(
  `the of and for a an de del della dei der den des la le les los las du da das dos do van von y e et und al el ul ud il`,
);

/** Arabic articles assimilated to the next consonant; stopwords only when written with a hyphen ("ash-Shami"). */
export const HYPHEN_ARTICLES = words(`al el ul ad ar as ash at az an adh ath us ud ur`);

export const PARTICLES = words(`bin ibn bint ben abu abou abd abdul abdel umm um ould ag binti binte`);

export const HONORIFICS =
  words(`mr mrs ms miss mx dr prof sir dame lord lady sheikh shaykh sheik shaikh haji hajji hadji alhaji alhaj hajj mullah mulla
maulavi maulawi mawlawi maulvi molvi maulana mawlana qari imam hafiz hafez mufti general gen col colonel lt lieutenant capt captain major maj brig brigadier
admiral adm president minister excellency his her eng engineer judge ayatollah hojatoleslam jr sr`);

/**
 * Legal forms written out in words, as one list writes what another abbreviates ("LIMITED LIABILITY COMPANY X" for "X LLC",
 * "OTKRYTOE AKTSIONERNOE OBSHCHESTVO X" for "X OAO"). In organisation names each word of such a phrase is a legal form.
 * Tokens as normalized (hyphens split, accents folded); longest phrases first.
 */
export const LEGAL_FORM_PHRASES: readonly string[][] = [
  'public joint stock company',
  'private joint stock company',
  'closed joint stock company',
  'open joint stock company',
  'joint stock company',
  'limited liability company',
  'limited liability partnership',
  'public limited company',
  'private limited company',
  'limited partnership',
  'otkrytoe aktsionernoe obshchestvo',
  'otkrytoye aktsionernoye obshchestvo',
  'zakrytoe aktsionernoe obshchestvo',
  'zakrytoye aktsionernoye obshchestvo',
  'publichnoe aktsionernoe obshchestvo',
  'publichnoye aktsionernoye obshchestvo',
  'aktsionernoe obshchestvo',
  'aktsionernoye obshchestvo',
  'obshchestvo s ogranichennoi otvetstvennostyu',
  'obshchestvo s ogranichennoy otvetstvennostyu',
  'obshchestvo s ogranichennoi otvetstvennostiu',
  'publichne aktsionerne tovarystvo',
  'pryvatne aktsionerne tovarystvo',
  'aktsionerne tovarystvo',
  'tovarystvo z obmezhenoiu vidpovidalnistiu',
  'tovarystvo z obmezhenoyu vidpovidalnistyu',
  'societe anonyme',
  'sociedad anonima',
  'sociedade anonima',
  'societa per azioni',
  'sociedad de responsabilidad limitada',
  'gesellschaft mit beschrankter haftung',
]
  .map((p) => p.split(' '))
  .sort((a, b) => b.length - a.length);

/** Legal forms that are also common person-name parts; they count as legal forms only in organisation names. */
export const AMBIGUOUS_LEGAL_FORMS = words(`sa ag ab as ao co kk sl oy cv sal est lda sc ad e`);
