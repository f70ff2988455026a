/**
 * A small dependency-free XML parser for list files (a few MB): elements, attributes, text, CDATA, entities.
 * Ignores processing instructions, comments and DOCTYPE. Namespace prefixes are stripped from names.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return ENTITIES[e] ?? m;
  });
}

const localName = (n: string) => n.slice(n.indexOf(':') + 1);

export function parseXml(xml: string, file = 'xml'): XmlElement {
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '', line: 1 };
  const stack: XmlElement[] = [root];
  let i = 0;
  let line = 1;
  const n = xml.length;
  const countLines = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (xml.charCodeAt(k) === 10) line++;
  };
  while (i < n) {
    const lt = xml.indexOf('<', i);
    const textEnd = lt === -1 ? n : lt;
    if (textEnd > i) {
      const t = xml.slice(i, textEnd);
      countLines(i, textEnd);
      if (t.trim()) stack[stack.length - 1].text += decodeEntities(t);
    }
    if (lt === -1) break;
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt);
      if (end < 0) throw new Error(`${file}:${line}: unterminated comment`);
      countLines(lt, end);
      i = end + 3;
      continue;
    }
    if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt);
      if (end < 0) throw new Error(`${file}:${line}: unterminated CDATA`);
      stack[stack.length - 1].text += xml.slice(lt + 9, end);
      countLines(lt, end);
      i = end + 3;
      continue;
    }
    if (xml[lt + 1] === '?' || xml[lt + 1] === '!') {
      const end = xml.indexOf('>', lt);
      if (end < 0) throw new Error(`${file}:${line}: unterminated declaration`);
      countLines(lt, end);
      i = end + 1;
      continue;
    }
    const gt = findTagEnd(xml, lt);
    if (gt < 0) throw new Error(`${file}:${line}: unterminated tag`);
    const body = xml.slice(lt + 1, gt);
    if (body[0] === '/') {
      const name = localName(body.slice(1).trim());
      const top = stack.pop();
      if (!top || top.name !== name) throw new Error(`${file}:${line}: closing </${name}> does not match <${top?.name}>`);
    } else {
      const selfClosing = body.endsWith('/');
      const inner = selfClosing ? body.slice(0, -1) : body;
      const m = inner.match(/^\s*([^\s/>]+)/);
      if (!m) throw new Error(`${file}:${line}: malformed tag`);
      const el: XmlElement = { name: localName(m[1]), attrs: {}, children: [], text: '', line };
      for (const a of inner.slice(m[0].length).matchAll(/([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
        el.attrs[localName(a[1])] = decodeEntities(a[3] ?? a[4] ?? '');
      }
      stack[stack.length - 1].children.push(el);
      if (!selfClosing) stack.push(el);
    }
    countLines(lt, gt);
    i = gt + 1;
  }
  if (stack.length !== 1) throw new Error(`${file}:${line}: unclosed <${stack[stack.length - 1].name}>`);
  return root;
}

function findTagEnd(xml: string, from: number): number {
  let q: string | null = null;
  for (let k = from + 1; k < xml.length; k++) {
    const c = xml[k];
    if (q) {
      if (c === q) q = null;
    } else if (c === '"' || c === "'") q = c;
    else if (c === '>') return k;
  }
  return -1;
}

export function child(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return el?.children.find((c) => c.name === name);
}
export function childrenNamed(el: XmlElement | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}
export function childText(el: XmlElement | undefined, name: string): string {
  return (child(el, name)?.text ?? '').trim();
}
/** Depth-first search for all descendants with this name. */
export function descendants(el: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of el.children) {
    if (c.name === name) out.push(c);
    else descendants(c, name, out);
  }
  return out;
}
