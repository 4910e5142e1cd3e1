import type { ExportColumn } from './columns.ts';

/*
 * The fixed parts of an xlsx (Office Open XML SpreadsheetML) workbook around its sheets: content
 * types, relationships, the workbook with its sheet names, and the styles (a bold header, the
 * number formats of dates and decimals). ECMA-376 Part 1, §18.
 */

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Characters XML 1.0 cannot carry: C0 controls but tab, line feed and carriage return; U+FFFE, U+FFFF. */
const NOT_XML = String.raw`\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff`;
const XML_SPECIAL = new RegExp(`[&<>${NOT_XML}]`);
const XML_SPECIALS = new RegExp(`[&<>${NOT_XML}]`, 'g');
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
/** Characters XML cannot carry are left out. */
const entity = (char: string) => ENTITIES[char] ?? '';

/** Text as XML element content. */
export function xmlText(value: string): string {
  return XML_SPECIAL.test(value) ? value.replace(XML_SPECIALS, entity) : value;
}

function xmlAttribute(value: string): string {
  return xmlText(value).replace(/"/g, '&quot;');
}

/** Excel's limits: a sheet's name (31 characters, none of : \ / ? * [ ]) and its rows. */
export const SHEET_NAME_MAX = 31;
export const SHEET_ROWS_MAX = 1_048_576;

/** 'Charges', then 'Charges (2)' for the rows past one sheet's limit. */
export function sheetName(title: string, number: number): string {
  const base =
    title
      .replace(/[:\\/?*[\]]/g, ' ')
      .replace(/^'+|'+$/g, '')
      .trim() || 'Sheet';
  const suffix = number === 1 ? '' : ` (${number})`;
  return `${[...base].slice(0, SHEET_NAME_MAX - suffix.length).join('')}${suffix}`;
}

export function contentTypes(sheets: number, sharedStrings: boolean): string {
  const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  const sheetTypes = Array.from(
    { length: sheets },
    (_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${type}.worksheet+xml"/>`,
  ).join('');
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${type}.sheet.main+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${type}.styles+xml"/>${sheetTypes}` +
    (sharedStrings ? `<Override PartName="/xl/sharedStrings.xml" ContentType="${type}.sharedStrings+xml"/>` : '') +
    '</Types>'
  );
}

export const PACKAGE_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

export function workbook(title: string, sheets: number): string {
  const list = Array.from(
    { length: sheets },
    (_, i) => `<sheet name="${xmlAttribute(sheetName(title, i + 1))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`,
  );
  return `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets>${list.join('')}</sheets></workbook>`;
}

export function workbookRels(sheets: number, sharedStrings: boolean): string {
  const list = Array.from(
    { length: sheets },
    (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  );
  return (
    `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">${list.join('')}` +
    `<Relationship Id="rId${sheets + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` +
    (sharedStrings
      ? `<Relationship Id="rId${sheets + 2}" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>`
      : '') +
    '</Relationships>'
  );
}

/** sharedStrings.xml of texts given as their `<t>` elements. */
export function sharedStringsXml(elements: readonly string[]): string {
  return `${XML_HEAD}<sst xmlns="${MAIN_NS}" uniqueCount="${elements.length}"><si>${elements.join('</si><si>')}</si></sst>`;
}

/** Built-in number formats (ECMA-376 §18.8.30): General, 0, 0.00. */
const BUILT_IN_FORMATS: Record<string, number> = { General: 0, '0': 1, '0.00': 2 };
const FIRST_CUSTOM_FORMAT = 164;
/** Shown as the web shows times (DD.MM.YYYY HH:mm), to the second. */
export const DATE_TIME_FORMAT = 'dd.mm.yyyy hh:mm:ss';
export const DATE_FORMAT = 'dd.mm.yyyy';

function formatOf<Row>(column: ExportColumn<Row>): string {
  switch (column.kind) {
    case 'datetime':
      return DATE_TIME_FORMAT;
    case 'date':
      return DATE_FORMAT;
    case 'decimal':
      return column.scale > 0 ? `0.${'0'.repeat(column.scale)}` : '0';
    default:
      return 'General';
  }
}

/** styles.xml, and the cell style (xf index) of each column's cells; style 1 is the bold header. */
export function styleSheet<Row>(columns: readonly ExportColumn<Row>[]): { xml: string; cellStyles: number[] } {
  const custom: string[] = [];
  const formatIds = columns.map((column) => {
    const code = formatOf(column);
    if (code in BUILT_IN_FORMATS) return BUILT_IN_FORMATS[code]!;
    if (!custom.includes(code)) custom.push(code);
    return FIRST_CUSTOM_FORMAT + custom.indexOf(code);
  });
  const xfFormats = [...new Set(formatIds.filter((id) => id !== 0))];
  const cellStyles = formatIds.map((id) => (id === 0 ? 0 : 2 + xfFormats.indexOf(id)));
  const numFmts = custom
    .map((code, i) => `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT + i}" formatCode="${xmlAttribute(code)}"/>`)
    .join('');
  const xf = (numFmtId: number, fontId: number, apply: string) =>
    `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${apply}/>`;
  const cellXfs = [
    xf(0, 0, ''),
    xf(0, 1, ' applyFont="1"'),
    ...xfFormats.map((id) => xf(id, 0, ' applyNumberFormat="1"')),
  ];
  const font = (bold: string) => `<font>${bold}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;
  const xml =
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
    (custom.length ? `<numFmts count="${custom.length}">${numFmts}</numFmts>` : '') +
    `<fonts count="2">${font('')}${font('<b/>')}</fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${cellXfs.length}">${cellXfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';
  return { xml, cellStyles };
}

/** The start of a sheet: the header row frozen above the rest, the columns' widths, the header. */
export function sheetHead(headerRow: string, widths: readonly number[]): string {
  const cols = widths
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">` +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    `</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>${headerRow}`
  );
}

export const SHEET_TAIL = '</sheetData></worksheet>';
