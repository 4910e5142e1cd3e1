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
  const { window, purify } = await loadSanitiser();
  const document = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = document.documentElement;
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS || document.getElementsByTagName('parsererror').length > 0) {
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
