/**
 * Reads a Shopify products export (Products › Export, "CSV for Excel, Numbers, or other spreadsheet programs") into
 * import units. The export has one row per variant and one per extra picture; the rows of a product share its Handle,
 * and only the first carries the product's own fields (title, description, type, tags, status). Columns are found by
 * their header names, which Shopify has renamed over the years, never by position.
 */
import { CsvError, parse } from 'csv-parse/sync';
import type { CategoryUnit, ImageRef, ProductUnit, ReadSource, SourceProblem } from '../import-units.ts';

/** The columns read, each under every name Shopify's exports have given it (the 2025 template renamed most). */
const COLUMNS = {
  handle: ['Handle', 'URL handle'],
  title: ['Title'],
  body: ['Body (HTML)', 'Body HTML', 'Description'],
  type: ['Type', 'Custom Product Type'],
  tags: ['Tags'],
  published: ['Published', 'Published on online store'],
  status: ['Status'],
  giftCard: ['Gift Card'],
  price: ['Variant Price', 'Price'],
  stock: ['Variant Inventory Qty', 'Inventory quantity'],
  imageSrc: ['Image Src', 'Product image URL'],
  imagePosition: ['Image Position'],
  imageAlt: ['Image Alt Text'],
  variantImage: ['Variant Image', 'Variant image URL'],
} as const;

type Column = keyof typeof COLUMNS;
/** Without these a file is not a products export at all. */
const REQUIRED: readonly Column[] = ['handle', 'title', 'price'];

interface Row {
  /** 1-based, the header being row 1, as a spreadsheet numbers it. */
  number: number;
  cell: (column: Column) => string;
}

/** The rows of one handle: there is always a first, which carries the product's own fields. */
type Rows = [Row, ...Row[]];

type ProductReading = { product: ProductUnit; type: string } | { problem: SourceProblem } | { archived: true };

/** The units of a Shopify products CSV: the product types as categories, then the products. */
export function readShopifyCsv(csv: string): ReadSource {
  const table = parseTable(csv);
  if ('problem' in table) return { units: [], archives: [], problems: [table.problem], siteUrl: null };
  const columns = columnIndexes(table.records[0] ?? []);
  const missing = REQUIRED.filter((column) => columns[column] < 0);
  if (missing.length > 0) return { units: [], archives: [], problems: [missingColumns(missing)], siteUrl: null };

  const problems: SourceProblem[] = [];
  const handles = groupByHandle(rowsOf(table.records, columns), problems);
  const products: { product: ProductUnit; type: string }[] = [];
  const archived: string[] = [];
  for (const [handle, rows] of handles) {
    const reading = readProduct(handle, rows);
    if ('product' in reading) products.push(reading);
    else if ('problem' in reading) problems.push(reading.problem);
    else archived.push(handle);
  }
  if (archived.length > 0) problems.push(archivedProblem(archived));
  const categories = categoriesOf(products.map((p) => p.type));
  for (const { product, type } of products) product.category = categories.get(type.toLowerCase())?.name ?? null;
  return { units: [...categories.values(), ...products.map((p) => p.product)], archives: [], problems, siteUrl: null };
}

function parseTable(csv: string): { records: string[][] } | { problem: SourceProblem } {
  try {
    // Blank lines are kept as records (and passed over later) so row numbers match the spreadsheet's; loose quotes
    // and short rows are what a file saved again from a spreadsheet tends to have.
    const records = parse(csv, { bom: true, relax_column_count: true, relax_quotes: true });
    return { records };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error['lines'] === 'number' ? error['lines'] : 1;
    return { problem: { where: `line ${line}`, message: `The file cannot be read as CSV: ${error.message}` } };
  }
}

/** Where each column is in the header (-1 when absent); names compared without case or surrounding spaces. */
function columnIndexes(header: string[]): Record<Column, number> {
  const names = header.map((name) =>
    name
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
  const entries = Object.entries(COLUMNS).map(([column, aliases]) => {
    const index = aliases.map((alias) => names.indexOf(alias.toLowerCase())).find((i) => i >= 0);
    return [column, index ?? -1];
  });
  return Object.fromEntries(entries) as Record<Column, number>;
}

function missingColumns(missing: readonly Column[]): SourceProblem {
  const names = missing.map((column) => COLUMNS[column][0]).join(', ');
  return { where: 'row 1', message: `This is not a Shopify products export: the header has no ${names} column.` };
}

function rowsOf(records: string[][], columns: Record<Column, number>): Row[] {
  return records.slice(1).flatMap((cells, i) => {
    if (cells.every((cell) => cell.trim() === '')) return [];
    return [{ number: i + 2, cell: (column: Column) => cells[columns[column]] ?? '' }];
  });
}

/** The rows of each handle in the order handles first appear; a handle may come back later and is still one. */
function groupByHandle(rows: Row[], problems: SourceProblem[]): Map<string, Rows> {
  const handles = new Map<string, Rows>();
  for (const row of rows) {
    const handle = row.cell('handle').trim();
    if (!handle) {
      problems.push({
        where: `row ${row.number}`,
        message: 'The row has no Handle, so it belongs to no product: skipped.',
      });
      continue;
    }
    const group = handles.get(handle);
    if (group) group.push(row);
    else handles.set(handle, [row]);
  }
  return handles;
}

function readProduct(handle: string, rows: Rows): ProductReading {
  const [first] = rows;
  const name = decodeEntities(first.cell('title')).trim();
  if (!name) return { problem: { where: handle, message: 'Its first row has no Title: the product is not imported.' } };
  if (isArchived(first)) return { archived: true };
  if (isTrue(first.cell('giftCard'))) {
    return { problem: { where: handle, message: 'It is a gift card, which this site does not sell: not imported.' } };
  }
  const price = lowestPrice(handle, rows);
  if ('problem' in price) return price;
  const product: ProductUnit = {
    type: 'product',
    key: `shopify:product:${handle}`,
    name,
    slug: handle,
    html: first.cell('body'),
    priceCents: price.cents,
    stock: rows.reduce((sum, row) => sum + stockOf(row.cell('stock')), 0),
    published: isPublished(first),
    category: null,
    tags: tagsOf(first.cell('tags')),
    images: imagesOf(rows),
    oldPaths: [`/products/${handle}`],
  };
  return { product, type: first.cell('type').trim() };
}

function isArchived(first: Row): boolean {
  return first.cell('status').trim().toLowerCase() === 'archived';
}

/** Status (active, draft, archived) says it when the export has it; older exports only have Published. */
function isPublished(first: Row): boolean {
  const status = first.cell('status').trim().toLowerCase();
  return status ? status === 'active' : isTrue(first.cell('published'));
}

/** Shopify writes TRUE in older exports and true in newer ones. */
function isTrue(text: string): boolean {
  return text.trim().toLowerCase() === 'true';
}

/** The lowest Variant Price of the rows that have one; a price that is no amount leaves the whole product out. */
function lowestPrice(handle: string, rows: readonly Row[]): { cents: number } | { problem: SourceProblem } {
  let lowest: number | null = null;
  for (const row of rows) {
    const text = row.cell('price').trim();
    if (!text) continue;
    const cents = priceCents(text);
    if (cents === null) {
      const message = `Variant Price "${text}" is not a price: the product ${handle} is not imported.`;
      return { problem: { where: `row ${row.number}`, message } };
    }
    lowest = lowest === null ? cents : Math.min(lowest, cents);
  }
  if (lowest === null) return { problem: { where: handle, message: 'No variant has a price: not imported.' } };
  return { cents: lowest };
}

/** Digits, optionally grouped by thousands with commas, then optionally a point and decimals. */
const PRICE = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

/** "19.99" → 1999, read as text so no float rounding can creep in; null when it is no amount of whole cents. */
function priceCents(text: string): number | null {
  const match = PRICE.exec(text);
  if (!match?.[1]) return null;
  const decimals = match[2] ?? '';
  // "19.990" is still whole cents; "19.995" is not, and rounding it would invent a price.
  if (/[1-9]/.test(decimals.slice(2))) return null;
  const cents = Number(match[1].replaceAll(',', '')) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** A variant's stock: a blank, a negative (oversold) or an unreadable count is none. */
function stockOf(text: string): number {
  const count = /^[+-]?\d+$/.test(text.trim()) ? Number(text.trim()) : 0;
  return Math.max(0, count);
}

/** Shopify compares tags without case, so "Gift" and "gift" are one tag (the first spelling is kept). */
function tagsOf(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of text.split(',').map((t) => t.trim())) {
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The product's pictures by Image Position (unnumbered ones after, in row order), then its variants' own. */
function imagesOf(rows: readonly Row[]): ImageRef[] {
  const listed = rows
    .map((row, order) => ({ row, order, position: positionOf(row.cell('imagePosition')) }))
    .filter(({ row }) => row.cell('imageSrc').trim() !== '')
    .sort((a, b) => a.position - b.position || a.order - b.order);
  const images = new Map<string, ImageRef>();
  for (const { row } of listed) {
    const url = row.cell('imageSrc').trim();
    const alt = decodeEntities(row.cell('imageAlt')).trim();
    const known = images.get(url);
    if (!known) images.set(url, { url, alt });
    else if (!known.alt) known.alt = alt;
  }
  for (const row of rows) {
    const url = row.cell('variantImage').trim();
    if (url && !images.has(url)) images.set(url, { url, alt: '' });
  }
  return [...images.values()];
}

/** A numbered position, or one after every number when it has none. */
function positionOf(text: string): number {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.MAX_SAFE_INTEGER;
}

/** One category per product type, keyed without case; the first spelling met names it. */
function categoriesOf(types: readonly string[]): Map<string, CategoryUnit> {
  const categories = new Map<string, CategoryUnit>();
  for (const type of types) {
    const id = type.toLowerCase();
    if (!type || categories.has(id)) continue;
    categories.set(id, { type: 'category', key: `shopify:type:${id}`, kind: 'product', name: type });
  }
  return categories;
}

function archivedProblem(handles: readonly string[]): SourceProblem {
  const count = handles.length === 1 ? '1 archived product is' : `${handles.length} archived products are`;
  return { where: handles.join(', '), message: `${count} not imported.` };
}

/** Entities a title is likely to carry: the markup ones, spaces and punctuation, and accented Latin-1 letters. */
const NAMED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ...Object.entries({
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
    ndash: '–',
    mdash: '—',
    hellip: '…',
    lsquo: '‘',
    rsquo: '’',
    ldquo: '“',
    rdquo: '”',
    laquo: '«',
    raquo: '»',
    copy: '©',
    reg: '®',
    trade: '™',
    deg: '°',
    euro: '€',
    pound: '£',
    middot: '·',
  }),
  // U+00C0 to U+00FF, in order: the accented letters of Western European names (with × and ÷ among them).
  ...'Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml'
    .split(' ')
    .map((name, i): [string, string] => [name, String.fromCodePoint(0xc0 + i)]),
]);

const ENTITY = /&(?:#(\d+)|#x([\da-f]+)|([a-z][a-z\d]*));/gi;

/** Named (the common set above) and numeric entities decoded in one pass; any other is left as written. */
function decodeEntities(text: string): string {
  return text.replace(ENTITY, (entity, decimal?: string, hex?: string, name?: string) => {
    if (name) return NAMED_ENTITIES.get(name) ?? entity;
    const code = decimal ? Number(decimal) : parseInt(hex ?? '', 16);
    const isCharacter = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return isCharacter ? String.fromCodePoint(code) : entity;
  });
}
