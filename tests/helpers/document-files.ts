/**
 * Small real document files made in code for the document tests: a minimal PDF and ZIP archives (stored, no
 * compression) laid out as DOCX, XLSX, PPTX, ODT and ODS, so file-type detects them by their bytes as it would real ones.
 */
import { crc32 } from 'node:zlib';

/** A ZIP archive of the entries in order, stored without compression. */
export function makeZip(entries: readonly (readonly [name: string, content: string | Uint8Array])[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0, 6); // flags
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // date 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const centralSize = centrals.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...centrals, end]));
}

/** A one-page PDF with a line of text, cross-reference table and all. */
export function makePdf(text = 'Hello'): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 12 Tf 20 50 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 12 Tf 20 50 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

const OOXML = 'application/vnd.openxmlformats-officedocument';

/** An Office Open XML package whose main part has `mainType` (…document.main+xml and the like). */
function makeOoxml(mainPart: string, mainType: string): Uint8Array {
  const contentTypes = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${mainPart}" ContentType="${mainType}"/></Types>`;
  return makeZip([
    ['[Content_Types].xml', contentTypes],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
    ],
    [mainPart, '<?xml version="1.0" encoding="UTF-8"?><root/>'],
  ]);
}

export const makeDocx = () => makeOoxml('word/document.xml', `${OOXML}.wordprocessingml.document.main+xml`);
export const makeXlsx = () => makeOoxml('xl/workbook.xml', `${OOXML}.spreadsheetml.sheet.main+xml`);
export const makePptx = () => makeOoxml('ppt/presentation.xml', `${OOXML}.presentationml.presentation.main+xml`);
/** A macro-enabled Word file (DOCM): a ZIP file-type names, but not one the site takes. */
export const makeDocm = () => makeOoxml('word/document.xml', 'application/vnd.ms-word.document.macroEnabled.main+xml');

/** An OpenDocument package: the uncompressed `mimetype` entry first, as the format requires. */
const makeOpenDocument = (mimetype: string) =>
  makeZip([
    ['mimetype', mimetype],
    ['content.xml', '<?xml version="1.0"?><office:document-content/>'],
  ]);
export const makeOdt = () => makeOpenDocument('application/vnd.oasis.opendocument.text');
export const makeOds = () => makeOpenDocument('application/vnd.oasis.opendocument.spreadsheet');
/** A plain ZIP of a text file. */
export const makePlainZip = () => makeZip([['readme.txt', 'Hello from a zip']]);

export const HTML_PAGE = new TextEncoder().encode('<!doctype html><html><body><script>alert(1)</script></body></html>');
export const SVG_PICTURE = new TextEncoder().encode(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
);
