/**
 * The document upload check (src/server/media/document-check.ts) on real bytes made in code: a minimal PDF, Office
 * and OpenDocument packages, a ZIP, PNG and JPEG pictures, UTF-8 text; and the download name and Content-Disposition.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/server/http/errors.ts';
import {
  attachmentDisposition,
  checkDocument,
  cleanDownloadName,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MISMATCH_MESSAGE,
  DOCUMENT_NOT_ALLOWED_MESSAGE,
  isPlainUtf8,
} from '../../src/server/media/document-check.ts';
import { documentTypeLabel, formatFileSize } from '../../src/shared/documents.ts';
import {
  HTML_PAGE,
  makeDocm,
  makeDocx,
  makeOds,
  makeOdt,
  makePdf,
  makePlainZip,
  makePptx,
  makeXlsx,
  SVG_PICTURE,
} from '../helpers/document-files.ts';

const OOXML = 'application/vnd.openxmlformats-officedocument';
const text = (s: string) => new TextEncoder().encode(s);
const png = async () =>
  new Uint8Array(
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .png()
      .toBuffer(),
  );
const jpeg = async () =>
  new Uint8Array(
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer(),
  );

/** The ApiError checkDocument throws, as { status, message }. */
async function refusal(upload: Parameters<typeof checkDocument>[0]) {
  try {
    await checkDocument(upload);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('checkDocument accepts by content', () => {
  it.each([
    ['report.pdf', 'application/pdf', () => makePdf(), 'application/pdf'],
    ['letter.docx', `${OOXML}.wordprocessingml.document`, () => makeDocx(), `${OOXML}.wordprocessingml.document`],
    ['sheet.xlsx', `${OOXML}.spreadsheetml.sheet`, () => makeXlsx(), `${OOXML}.spreadsheetml.sheet`],
    ['deck.pptx', '', () => makePptx(), `${OOXML}.presentationml.presentation`],
    ['text.odt', 'application/vnd.oasis.opendocument.text', () => makeOdt(), 'application/vnd.oasis.opendocument.text'],
    ['sheet.ods', 'application/octet-stream', () => makeOds(), 'application/vnd.oasis.opendocument.spreadsheet'],
    ['bundle.zip', 'application/x-zip-compressed', () => makePlainZip(), 'application/zip'],
    ['picture.png', 'image/png', png, 'image/png'],
    ['picture.JPEG', 'image/jpeg', jpeg, 'image/jpeg'],
    ['notes.txt', 'text/plain', () => text('Line one\nLíne twö ✓\n'), 'text/plain'],
    ['prices.csv', 'application/vnd.ms-excel', () => text('name,price\nStarter,0\n'), 'text/csv'],
    ['noname', '', () => makePdf(), 'application/pdf'],
  ])('%s declared %j is %s', async (fileName, declaredType, make, type) => {
    expect((await checkDocument({ bytes: await make(), declaredType, fileName })).type).toBe(type);
  });
});

describe('checkDocument refuses', () => {
  it.each([
    [
      'an HTML page renamed .pdf',
      { bytes: HTML_PAGE, fileName: 'invoice.pdf', declaredType: 'application/pdf' },
      DOCUMENT_NOT_ALLOWED_MESSAGE,
    ],
    [
      'an HTML page as .html',
      { bytes: HTML_PAGE, fileName: 'page.html', declaredType: 'text/html' },
      DOCUMENT_NOT_ALLOWED_MESSAGE,
    ],
    [
      'an SVG picture',
      { bytes: SVG_PICTURE, fileName: 'logo.svg', declaredType: 'image/svg+xml' },
      DOCUMENT_NOT_ALLOWED_MESSAGE,
    ],
    [
      'an SVG renamed .txt (XML by its content)',
      { bytes: SVG_PICTURE, fileName: 'logo.txt', declaredType: 'text/plain' },
      DOCUMENT_NOT_ALLOWED_MESSAGE,
    ],
    ['a macro-enabled Word file', { bytes: makeDocm(), fileName: 'macro.docx' }, DOCUMENT_NOT_ALLOWED_MESSAGE],
    ['a PDF named .docx', { bytes: makePdf(), fileName: 'letter.docx' }, DOCUMENT_MISMATCH_MESSAGE],
    ['a DOCX named .zip', { bytes: makeDocx(), fileName: 'letter.zip' }, DOCUMENT_MISMATCH_MESSAGE],
    [
      'a PDF declared as an image',
      { bytes: makePdf(), fileName: 'report.pdf', declaredType: 'image/png' },
      DOCUMENT_MISMATCH_MESSAGE,
    ],
    ['text without a .txt or .csv name', { bytes: text('hello'), fileName: 'hello.md' }, DOCUMENT_NOT_ALLOWED_MESSAGE],
    [
      'text with a NUL byte',
      { bytes: new Uint8Array([0x68, 0x00, 0x69]), fileName: 'nul.txt' },
      DOCUMENT_NOT_ALLOWED_MESSAGE,
    ],
    [
      'invalid UTF-8 named .csv',
      { bytes: new Uint8Array([0x61, 0xff, 0xfe, 0x62]), fileName: 'bad.csv' },
      DOCUMENT_NOT_ALLOWED_MESSAGE,
    ],
    [
      'text declared as HTML',
      { bytes: text('plain'), fileName: 'a.txt', declaredType: 'text/html' },
      DOCUMENT_MISMATCH_MESSAGE,
    ],
  ])('%s with 415', async (_what, upload, message) => {
    expect(await refusal(upload)).toEqual({ status: 415, message });
  });

  it('an empty file with 400 and one over 20 MiB with 413', async () => {
    expect(await refusal({ bytes: new Uint8Array(0), fileName: 'a.pdf' })).toEqual({
      status: 400,
      message: 'The file is empty',
    });
    expect(await refusal({ bytes: new Uint8Array(DOCUMENT_MAX_BYTES + 1), fileName: 'a.pdf' })).toEqual({
      status: 413,
      message: 'File size must be less than 20MB',
    });
  });
});

describe('isPlainUtf8', () => {
  it('takes UTF-8 and refuses NUL bytes and broken sequences', () => {
    expect(isPlainUtf8(text('héllo ✓'))).toBe(true);
    expect(isPlainUtf8(new Uint8Array([0xc3]))).toBe(false);
    expect(isPlainUtf8(new Uint8Array([0x41, 0]))).toBe(false);
  });
});

describe('cleanDownloadName', () => {
  const pdf = { extension: 'pdf', extensions: ['pdf'] };
  const jpg = { extension: 'jpg', extensions: ['jpg', 'jpeg'] };
  it.each([
    ['Annual report 2026.pdf', pdf, 'Annual report 2026.pdf'],
    ['C:\\Users\\ana\\Desktop\\plan.pdf', pdf, 'plan.pdf'],
    ['../../etc/passwd', pdf, 'passwd.pdf'],
    ['"quoted"\r\nname<>|?.pdf', pdf, 'quotedname.pdf'],
    ['...hidden.pdf', pdf, 'hidden.pdf'],
    ['photo.JPEG', jpg, 'photo.jpeg'],
    ['scan.png', pdf, 'scan.png.pdf'],
    ['', pdf, 'document.pdf'],
    ['\u202Egnp.pdf', pdf, 'gnp.pdf'],
    ['Résumé – Ana.pdf', pdf, 'Résumé – Ana.pdf'],
  ])('%j becomes %j', (name, kind, expected) => {
    expect(cleanDownloadName(name, kind)).toBe(expected);
  });

  it('keeps at most 120 characters, the extension included', () => {
    const name = cleanDownloadName(`${'a'.repeat(300)}.pdf`, pdf);
    expect(name).toHaveLength(120);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('Résumé (final).pdf')).toBe(
      `attachment; filename="Resume (final).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29.pdf`,
    );
    expect(attachmentDisposition('报告.pdf')).toBe(
      `attachment; filename="__.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf`,
    );
  });
});

describe('labels', () => {
  it('names the type and the size', () => {
    expect(documentTypeLabel('application/pdf')).toBe('PDF');
    expect(documentTypeLabel(`${OOXML}.wordprocessingml.document`)).toBe('Word');
    expect(documentTypeLabel('application/x-thing')).toBe('X-THING');
    expect(formatFileSize(100)).toBe('1 KB');
    expect(formatFileSize(850 * 1024)).toBe('850 KB');
    expect(formatFileSize(1.44 * 1024 * 1024)).toBe('1.4 MB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20 MB');
  });
});
