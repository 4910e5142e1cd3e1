import type { DOMPurify as Purifier } from 'dompurify';
import type { JSDOM } from 'jsdom';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The file is not an SVG document (wrong bytes, not UTF-8, malformed XML, or another root). */
export class NotSvgError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotSvgError';
  }
}

/** An icon deeper or larger than this is refused before it is parsed: the DOM's work grows with both. */
export const SVG_MAX_DEPTH = 64;
// An icon has tens of elements; sanitising takes time in proportion to them, on the event loop.
export const SVG_MAX_ELEMENTS = 2_000;

/** Too deeply nested or too many elements to be worth parsing (a drawing, not an icon, or an attack). */
export class SvgTooComplexError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SvgTooComplexError';
  }
}

/**
 * One pass over the text, counting elements and their nesting, before any DOM is built: a file of
 * 20,000 nested groups is well under the size limit, but building and sanitising its DOM blocks
 * the process for minutes. Comments, CDATA, processing instructions and the doctype are skipped;
 * quotes inside a tag are honoured. Every character is visited once. Throws SvgTooComplexError.
 */
export function checkSvgShape(text: string): void {
  let depth = 0;
  let elements = 0;
  let at = text.indexOf('<');
  while (at !== -1) {
    const next = text[at + 1];
    let end: number;
    if (text.startsWith('<!--', at)) end = text.indexOf('-->', at + 4) + 2;
    else if (text.startsWith('<![CDATA[', at)) end = text.indexOf(']]>', at + 9) + 2;
    else if (next === '?') end = text.indexOf('?>', at + 2) + 1;
    else if (next === '!') end = text.indexOf('>', at + 2);
    else {
      end = tagEnd(text, at + 1);
      if (end === -1) return; // unterminated: the parser refuses it as not an svg
      if (next === '/') depth -= 1;
      else {
        elements += 1;
        if (text[end - 1] !== '/') depth += 1;
        if (depth > SVG_MAX_DEPTH) throw new SvgTooComplexError(`nested deeper than ${SVG_MAX_DEPTH}`);
        if (elements > SVG_MAX_ELEMENTS) throw new SvgTooComplexError(`more than ${SVG_MAX_ELEMENTS} elements`);
      }
    }
    if (end < 0) return;
    at = text.indexOf('<', end + 1);
  }
}

/** The index of the `>` that closes the tag starting at `from`, skipping quoted attribute values; -1 if none. */
function tagEnd(text: string, from: number): number {
  let quote: string | null = null;
  for (let i = from; i < text.length; i += 1) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return i;
  }
  return -1;
}

/** Only a local reference (`#id`) may stay; anything else would load from elsewhere. */
function isLocalReference(value: string): boolean {
  return value.trim().startsWith('#');
}

const URL_REFERENCE = /url\(\s*(['"]?)([^'")]*)\1\s*\)/gi;

/**
 * Every `url(...)` in a style or attribute value points inside the document. `@import`,
 * `image-set()` and CSS escapes (which could spell a hidden `url(`) are refused outright, as is a
 * `url(` the pattern cannot read.
 */
function onlyLocalUrls(value: string): boolean {
  const lowered = value.toLowerCase();
  if (/@import|image-set\(|expression\(|\\/.test(lowered)) return false;
  const references = [...value.matchAll(URL_REFERENCE)];
  if (references.length !== (lowered.match(/url\(/g)?.length ?? 0)) return false;
  return references.every((match) => isLocalReference(match[2] ?? ''));
}

interface Sanitiser {
  window: JSDOM['window'];
  purify: Purifier;
}

let sanitiser: Promise<Sanitiser> | undefined;

/** jsdom and DOMPurify load on the first upload, so starting the server does not pay for them. */
function loadSanitiser(): Promise<Sanitiser> {
  sanitiser ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window);
    purify.addHook('uponSanitizeAttribute', (_node, data) => {
      const name = data.attrName.toLowerCase();
      if ((name === 'href' || name === 'xlink:href') && !isLocalReference(data.attrValue)) data.keepAttr = false;
      if (data.attrValue.toLowerCase().includes('url(') || name === 'style') {
        if (!onlyLocalUrls(data.attrValue)) data.keepAttr = false;
      }
    });
    purify.addHook('uponSanitizeElement', (node, data) => {
      // A stylesheet that reaches outside (url(http...), @import) goes whole; local styles stay.
      if (data.tagName === 'style' && !onlyLocalUrls(node.textContent ?? '')) node.parentNode?.removeChild(node);
    });
    return { window, purify };
  })();
  return sanitiser;
}

/**
 * The real type of an icon, from its bytes: UTF-8 text that parses as XML whose root element is
 * `<svg>` in the SVG namespace. Then DOMPurify's SVG profile removes scripts, event handlers and
 * foreignObject, and the hooks above remove every external reference (href, xlink:href, url()).
 * Returns the sanitised document as XML text.
 */
export async function sanitizeSvg(bytes: Buffer): Promise<string> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new NotSvgError('not UTF-8 text');
  }
  if (text.includes('\u0000')) throw new NotSvgError('binary content');
  checkSvgShape(text);
  const { window, purify } = await loadSanitiser();
  const document = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = document.documentElement;
  if (
    root.localName !== 'svg' ||
    root.namespaceURI !== SVG_NS ||
    document.getElementsByTagName('parsererror').length > 0
  ) {
    throw new NotSvgError('not an SVG document');
  }
  purify.sanitize(root, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // <use> is safe once its reference is local (the href hook); the animation elements can rewrite attributes.
    ADD_TAGS: ['use'],
    FORBID_TAGS: ['foreignObject', 'script', 'animate', 'set', 'animateMotion', 'animateTransform', 'animateColor'],
    IN_PLACE: true,
  });
  return new window.XMLSerializer().serializeToString(root);
}
