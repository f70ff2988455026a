// Unit tests of the text side of adverse media: sentences, candidate names, categories with the
// phrase that triggered them, and the three file formats.
import { categorizeSentence } from './categories';
import { detectFormat, parseNewsFile, plainText } from './formats';
import { candidateNames, extractMentions, kindOf, splitSentences } from './mentions';
import { effectiveCategories } from './settings-service';

describe('sentences and names', () => {
  it('splits after sentence ends but not after titles, initials or U.S.', () => {
    expect(splitSentences('Mr. Wrenfield met J. Smith in the U.S. Treasury. They talked. Then he left!')).toEqual([
      'Mr. Wrenfield met J. Smith in the U.S. Treasury.',
      'They talked.',
      'Then he left!',
    ]);
  });

  it('takes runs of capitalised words with name particles, drops leading titles and sentence starters and possessives', () => {
    expect(
      candidateNames('Prosecutors say former minister Ivan Petrov and Barzan Ibrahim Hassan al-Tikriti met Ludwig van Beethoven.'),
    ).toEqual(['Ivan Petrov', 'Barzan Ibrahim Hassan al-Tikriti', 'Ludwig van Beethoven']);
    expect(candidateNames("According to Tobias Wrenfield's lawyers, nobody was there.")).toEqual(['Tobias Wrenfield']);
    expect(candidateNames('Yesterday President Ana Lima resigned, Police said.')).toEqual(['Ana Lima']);
    expect(candidateNames('Дмитрий Коваленко обвиняется в мошенничестве.')).toEqual(['Дмитрий Коваленко']);
    expect(candidateNames('Nobody, Anywhere.')).toEqual([]);
  });

  it('tells organisations from persons by their legal-form suffix', () => {
    expect(kindOf('Quillfeather Holdings Ltd')).toBe('entity');
    expect(kindOf('Tobias Wrenfield')).toBe('individual');
  });

  it('keeps the mentioning sentence and its categories with each mention, title first', () => {
    const mentions = extractMentions(
      'Tobias Wrenfield charged',
      'Prosecutors say Tobias Wrenfield laundered money. Ana Lima was not involved.',
    );
    expect(mentions.map((m) => [m.name, m.position, m.evidence.map((e) => e.category)])).toEqual([
      ['Tobias Wrenfield', 0, []],
      ['Tobias Wrenfield', 1, ['money_laundering']],
      ['Ana Lima', 2, []],
    ]);
    expect(mentions[1].sentence).toBe('Prosecutors say Tobias Wrenfield laundered money.');
  });
});

describe('categories', () => {
  it('assigns each category with the phrase that triggered it, in taxonomy order', () => {
    expect(categorizeSentence('He bribed officials and laundered the proceeds of cocaine sales.')).toEqual([
      { category: 'corruption_bribery', phrase: 'bribed' },
      { category: 'money_laundering', phrase: 'laundered' },
      { category: 'narcotics', phrase: 'cocaine' },
    ]);
    expect(categorizeSentence('The bank was fined for helping clients evade US sanctions.')).toEqual([
      { category: 'sanctions_evasion', phrase: 'evade US sanctions' },
      { category: 'regulatory_action', phrase: 'fined' },
    ]);
    expect(categorizeSentence('Он обвиняется в отмывании денег.')).toEqual([{ category: 'money_laundering', phrase: 'отмывании' }]);
  });

  it('matches at word starts only, and a neutral sentence carries nothing', () => {
    expect(categorizeSentence('The gala raised funds for the hospital; guests praised the music.')).toEqual([]);
    expect(categorizeSentence('She is a defrauded investor advocate.')).toEqual([{ category: 'fraud', phrase: 'defrauded' }]);
    expect(categorizeSentence('Antiterrorism funding rose.')).toEqual([]);
  });

  it('the override: an array replaces the workspace set, [] disables, null/undefined use the workspace set', () => {
    expect(effectiveCategories(['fraud'], ['money_laundering'])).toEqual(['money_laundering']);
    expect(effectiveCategories(['fraud'], [])).toEqual([]);
    expect(effectiveCategories(['fraud'], null)).toEqual(['fraud']);
    expect(effectiveCategories(['fraud'], undefined)).toEqual(['fraud']);
    expect(() => effectiveCategories(['fraud'], ['gossip'])).toThrow(/unknown category "gossip"/);
  });
});

describe('formats', () => {
  it('detects JSON lines, RSS and Atom, and refuses anything else', () => {
    expect(detectFormat('{"url":"https://a.example/"}')).toBe('jsonl');
    expect(detectFormat('<?xml version="1.0"?>\n<rss version="2.0"><channel/></rss>')).toBe('rss');
    expect(detectFormat('<feed xmlns="http://www.w3.org/2005/Atom"></feed>')).toBe('atom');
    expect(() => detectFormat('name,url\nA,B')).toThrow(/not JSON lines, RSS or Atom/);
  });

  it('reads keys, dates and plain text; the id wins over the URL as the key', () => {
    const parsed = parseNewsFile(
      '{"id":"x1","url":"https://a.example/1","title":"T &amp; <b>U</b>","date":"2026-01-02","body":"<p>One.</p><p>Two.</p>"}\n{"url":"https://a.example/2","title":"V"}',
    );
    expect(parsed.articles.map(({ article }) => [article.key, article.title, article.publishedAt?.toISOString(), article.text])).toEqual([
      ['x1', 'T & U', '2026-01-02T00:00:00.000Z', 'One. Two.'],
      ['https://a.example/2', 'V', undefined, ''],
    ]);
    expect(plainText('<script>x()</script>A&nbsp;B')).toBe('A B');
  });

  it('rejects records without an http(s) URL or a title, by line', () => {
    const parsed = parseNewsFile('{"url":"javascript:alert(1)","title":"x"}\n{"url":"https://a.example/"}\n[1]');
    expect(parsed.articles).toEqual([]);
    expect(parsed.rejected).toEqual([
      { line: 1, reason: 'url: must be an http(s) URL' },
      { line: 2, reason: 'title: must not be empty' },
      { line: 3, reason: 'not a JSON object' },
    ]);
  });
});
