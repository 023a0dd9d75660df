import { parse, validate } from 'fast-xml-parser';
import { pidxLimits, pidxMessages, PIDX_NAMESPACE, type PidxProblem } from '@flowline/shared';

/**
 * Reading untrusted XML (docs/pidx.md 'Hostile XML'). The size is capped by the route's body
 * limit; before any parser runs, a DOCTYPE or entity declaration is refused (no entity
 * expansion, no external entities) and one linear scan refuses deep nesting. Only then is the
 * text validated and parsed, into plain objects without namespace prefixes, every value a string.
 */

export class PidxXmlError extends Error {
  constructor(readonly problem: PidxProblem) {
    super(problem.message);
  }
}

/** An element: its text, attributes (`@_name`) and children, arrays where PIDX repeats. */
export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

const REPEATED = new Set([
  'PartnerInformation',
  'ReferenceInformation',
  'InvoiceLineItem',
  'Tax',
  'Attachment',
  'ServiceDateTime',
  'Comment',
  'PartnerIdentifier',
  'LineItemIdentifier',
  'WellInformation',
]);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The five predefined entities and character references; nothing else expands. */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/g, (_, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[ref] ?? '';
  });
}

/** The deepest element nesting, counted without building anything (comments and CDATA skipped). */
export function maxElementDepth(xml: string, stopAt: number): number {
  let depth = 0;
  let max = 0;
  let i = xml.indexOf('<');
  while (i !== -1 && i < xml.length) {
    const next = xml[i + 1];
    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i + 4);
      if (end === -1) break;
      i = xml.indexOf('<', end + 3);
      continue;
    }
    if (xml.startsWith('<![CDATA[', i)) {
      const end = xml.indexOf(']]>', i + 9);
      if (end === -1) break;
      i = xml.indexOf('<', end + 3);
      continue;
    }
    const close = xml.indexOf('>', i + 1);
    if (close === -1) break;
    if (next === '/') depth -= 1;
    else if (next !== '?' && next !== '!' && xml[close - 1] !== '/') {
      depth += 1;
      if (depth > max) max = depth;
      if (max > stopAt) return max;
    }
    i = xml.indexOf('<', close + 1);
  }
  return max;
}

/** The root element's qualified name and the namespace its prefix is bound to. */
function rootElement(xml: string): { name: string; namespace: string | null } | null {
  const match = /<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)([^>]*)>/.exec(
    xml.replace(/<\?[\s\S]*?\?>/g, '').replace(/<!--[\s\S]*?-->/g, ''),
  );
  if (!match) return null;
  const name = match[1]!;
  const prefix = name.includes(':') ? name.split(':')[0]! : null;
  const attribute = prefix ? `xmlns:${prefix}` : 'xmlns';
  const ns = new RegExp(`${attribute.replace(':', '\\:')}\\s*=\\s*["']([^"']*)["']`).exec(
    match[2]!,
  );
  return { name, namespace: ns?.[1] ?? null };
}

/** Parses a PIDX invoice's XML text, or throws PidxXmlError with the one problem located. */
export function parsePidxXml(xml: string): XmlNode {
  const fail = (message: string, path = 'Invoice'): never => {
    throw new PidxXmlError({ path, message });
  };
  if (Buffer.byteLength(xml, 'utf8') > pidxLimits.maxXmlBytes) fail(pidxMessages.tooLarge);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) fail(pidxMessages.doctype);
  if (maxElementDepth(xml, pidxLimits.maxDepth) > pidxLimits.maxDepth) fail(pidxMessages.tooDeep);
  const valid = validate(xml);
  if (valid !== true) {
    fail(pidxMessages.notXml(`${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`));
  }
  const root = rootElement(xml);
  const localName = root?.name.split(':').pop();
  if (
    localName !== 'Invoice' ||
    !root?.namespace?.startsWith(PIDX_NAMESPACE.replace(/v1\.0$/, ''))
  ) {
    fail(pidxMessages.notPidx);
  }
  const tree = parse(xml, {
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    ignoreNameSpace: true,
    parseNodeValue: false,
    parseAttributeValue: false,
    trimValues: true,
    arrayMode: (tagName: string) => REPEATED.has(tagName),
    tagValueProcessor: (value: string) => decodeXmlText(value),
    attrValueProcessor: (value: string) => decodeXmlText(value),
  }) as XmlNode;
  const invoice = tree.Invoice;
  if (!invoice || typeof invoice !== 'object' || Array.isArray(invoice)) fail(pidxMessages.notPidx);
  return invoice as XmlNode;
}

// ---- Reading the tree ---------------------------------------------------------------------------

export function child(node: XmlValue | undefined, name: string): XmlValue | undefined {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
  return node[name];
}

export function children(node: XmlValue | undefined, name: string): XmlNode[] {
  const value = child(node, name);
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((v) => (typeof v === 'string' ? { '#text': v } : (v as XmlNode)));
}

/** The text of an element (or of the path below it), trimmed; null when absent or empty. */
export function text(node: XmlValue | undefined, ...path: string[]): string | null {
  let at: XmlValue | undefined = node;
  for (const name of path) {
    at = child(Array.isArray(at) ? at[0] : at, name);
    if (at === undefined) return null;
  }
  const value = Array.isArray(at) ? at[0] : at;
  if (typeof value === 'string') return value.trim() || null;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    // A text beside attributes is '#text' (an array when the element repeats).
    const raw = value['#text'];
    const t = Array.isArray(raw) ? raw[0] : raw;
    return typeof t === 'string' ? t.trim() || null : null;
  }
  return null;
}

export function attribute(node: XmlNode, name: string): string | null {
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value.trim() || null : null;
}
