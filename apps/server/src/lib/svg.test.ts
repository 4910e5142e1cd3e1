import { describe, expect, it } from 'vitest';
import { checkSvgShape, NotSvgError, sanitizeSvg, SVG_MAX_DEPTH, SVG_MAX_ELEMENTS, SvgTooComplexError } from './svg.ts';

const svg = (body: string, rootAttributes = '') =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24"${rootAttributes}>${body}</svg>`,
  );

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

describe('sanitizeSvg', () => {
  it('keeps a plain icon as it draws: shapes, gradients, local references, styles', async () => {
    const out = await sanitizeSvg(
      svg(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#0a9"/></linearGradient><clipPath id="c"><rect width="3" height="3"/></clipPath></defs>' +
          '<style>.a{fill:url(#g)}</style><path class="a" d="M0 0h24v24H0z" clip-path="url(#c)" style="stroke:#000"/><use href="#c"/><use xlink:href="#c"/>',
      ),
    );
    expect(out).toContain('<linearGradient id="g">');
    expect(out).toContain('viewBox="0 0 24 24"');
    expect(out).toContain('<style>.a{fill:url(#g)}</style>');
    expect(out).toContain('clip-path="url(#c)"');
    expect(out).toContain('style="stroke:#000"');
    expect(out).toContain('<use href="#c"/>');
    expect(out).toContain('xlink:href="#c"');
  });

  it('accepts an XML declaration, a doctype and comments before the root', async () => {
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${svg('<circle r="4"/>').toString()}`;
    expect(await sanitizeSvg(Buffer.from(`\uFEFF${text}`))).toContain('<circle r="4"/>');
  });

  it('removes scripts, event handlers, foreignObject and animations', async () => {
    const out = await sanitizeSvg(
      svg(
        '<script>alert(1)</script><script xlink:href="https://evil.example/x.js"/>' +
          '<foreignObject width="9" height="9"><div xmlns="http://www.w3.org/1999/xhtml" onclick="alert(2)">x</div></foreignObject>' +
          '<a href="javascript:alert(3)"><circle r="2" onclick="alert(4)" onmouseover="alert(5)"/></a>' +
          '<animate attributeName="href" to="javascript:alert(6)"/><set attributeName="onclick" to="alert(7)"/>',
        ' onload="alert(0)"',
      ),
    );
    expect(out).not.toMatch(/script|alert|onload|onclick|onmouseover|foreignObject|javascript|animate|<set/i);
    expect(out).toContain('<circle r="2"/>');
  });

  it('removes every external reference: href, xlink:href, url() in attributes, style and stylesheets', async () => {
    const out = await sanitizeSvg(
      svg(
        '<image href="https://evil.example/track.png" width="1" height="1"/><image xlink:href="data:image/png;base64,AAAA"/>' +
          '<use href="https://evil.example/sprite.svg#icon"/><use xlink:href="other.svg#a"/>' +
          '<rect width="2" height="2" filter="url(https://evil.example/f.svg#f)" fill="url( \'//evil.example/p\' )"/>' +
          '<path d="M0 0" style="fill:url(http://evil.example/a)"/><path d="M1 1" style="fill:u\\72l(http://evil.example/b)"/>' +
          '<style>@import url(https://evil.example/x.css);</style><style>.b{background:url(https://evil.example/bg)}</style>',
      ),
    );
    expect(out).not.toMatch(/evil\.example|data:|other\.svg|@import/);
    expect(out).not.toMatch(/style=|filter=|fill=/);
    expect(out).toContain('<rect width="2" height="2"/>');
  });

  it.each([
    ['a PNG', PNG_HEADER],
    ['plain text', Buffer.from('just some text, renamed to .svg')],
    ['HTML', Buffer.from('<!doctype html><html><body><svg xmlns="http://www.w3.org/2000/svg"/></body></html>')],
    ['malformed XML', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')],
    ['an svg root without the SVG namespace', Buffer.from('<svg viewBox="0 0 1 1"><path d="M0 0"/></svg>')],
    ['another XML document', Buffer.from('<?xml version="1.0"?><note><to>x</to></note>')],
    ['Latin-1 bytes', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xe9, 0x3e])],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s', async (_name, bytes) => {
    await expect(sanitizeSvg(bytes)).rejects.toBeInstanceOf(NotSvgError);
  });
});

describe('the shape of an svg, checked before parsing', () => {
  const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg">${inner}</svg>`;
  const nested = (levels: number) => `${'<g>'.repeat(levels)}${'</g>'.repeat(levels)}`;

  it('refuses nesting deeper than the limit, and allows it up to the limit', () => {
    expect(() => checkSvgShape(svg(nested(SVG_MAX_DEPTH - 1)))).not.toThrow();
    expect(() => checkSvgShape(svg(nested(SVG_MAX_DEPTH)))).toThrow(SvgTooComplexError);
  });

  it('refuses more elements than the limit, self-closing ones too', () => {
    expect(() => checkSvgShape(svg('<path d="M0 0"/>'.repeat(SVG_MAX_ELEMENTS - 1)))).not.toThrow();
    expect(() => checkSvgShape(svg('<path d="M0 0"/>'.repeat(SVG_MAX_ELEMENTS)))).toThrow(SvgTooComplexError);
  });

  it('does not count what is not an element: quoted brackets, comments, CDATA, the doctype', () => {
    const tricky = `<?xml version="1.0"?><!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg"><g title="a > b &lt; <g>"><!-- ${'<g>'.repeat(100)} --><style><![CDATA[ ${'<g>'.repeat(100)} ]]></style></g></svg>`;
    expect(() => checkSvgShape(tricky)).not.toThrow();
  });

  it('refuses the 20,000-level file on the icon limits before parsing it', async () => {
    await expect(sanitizeSvg(Buffer.from(svg(nested(20_000))))).rejects.toThrow(SvgTooComplexError);
  });
});
