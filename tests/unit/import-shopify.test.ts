/**
 * Reading a Shopify products export into import units. The fixture is a whole export of a small homeware shop (the
 * current header, a BOM, CRLF, and the slips a real file has); the small CSVs after it each show one rule.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ProductUnit, ReadSource } from '../../src/server/modules/imports/import-units.ts';
import { readShopifyCsv } from '../../src/server/modules/imports/shopify/read-shopify-csv.ts';

const FIXTURE = readFileSync(new URL('../fixtures/import/shopify-products.csv', import.meta.url), 'utf8');

const cdn = (name: string) => `https://cdn.shopify.com/s/files/1/0123/4567/products/${name}.jpg?v=1700000000`;

const productsOf = (read: ReadSource): ProductUnit[] => read.units.filter((unit) => unit.type === 'product');

function productOf(read: ReadSource, handle: string): ProductUnit {
  const product = productsOf(read).find((unit) => unit.slug === handle);
  if (!product) throw new Error(`no product ${handle}`);
  return product;
}

/** A CSV of these lines, LF-ended. */
const csv = (...lines: string[]) => `${lines.join('\n')}\n`;

describe('the Shopify export of a homeware shop', () => {
  const read = readShopifyCsv(FIXTURE);
  const product = (handle: string) => productOf(read, handle);

  it('is the kind of file Shopify writes: a BOM, then CRLF line ends', () => {
    expect(FIXTURE.startsWith('\uFEFFHandle,Title,Body (HTML),')).toBe(true);
    expect(FIXTURE.split('\r\n').length).toBeGreaterThan(70);
  });

  it('has no site address to give', () => {
    expect(read.siteUrl).toBeNull();
  });

  it('reads each imported product type as a category, all of them before the products', () => {
    expect(read.units.slice(0, 6)).toEqual(
      ['Mugs', 'Tableware', 'Textiles', 'Candles', 'Decor', 'Kitchen'].map((name) => ({
        type: 'category',
        key: `shopify:type:${name.toLowerCase()}`,
        kind: 'product',
        name,
      })),
    );
    expect(read.units.slice(6).every((unit) => unit.type === 'product')).toBe(true);
  });

  it('reads 35 products, one per handle, in the order of the file, each keyed and redirected by its handle', () => {
    const handles = productsOf(read).map((p) => p.slug);
    expect(handles).toEqual([
      'stoneware-mug',
      'espresso-cup-set',
      'cafe-au-lait-bowl',
      'sunny-side-breakfast-plate',
      'linen-napkins-set-of-4',
      'waffle-tea-towel',
      'beeswax-taper-candles',
      'fig-cedar-soy-candle',
      'ceramic-planter',
      'ceramic-planter-1',
      'oak-serving-board',
      'cheese-knife-trio',
      'enamel-colander',
      'marble-pestle-mortar',
      'wool-throw-blanket',
      'cushion-cover',
      'hand-thrown-vase',
      'brass-candle-snuffer',
      'speckled-dinner-plate',
      'speckled-side-plate',
      'wide-pasta-bowl',
      'olive-wood-salad-servers',
      'linen-apron',
      'jute-placemats',
      'reed-diffuser-wild-fig',
      'long-safety-matches',
      'seagrass-storage-basket',
      'round-wall-mirror',
      'oak-picture-frame',
      'tin-tea-canister',
      'ceramic-butter-dish',
      'recycled-glass-tumbler',
      'handwoven-wool-rug',
      'hurricane-lantern',
      'coir-doormat',
    ]);
    for (const p of productsOf(read)) {
      expect(p.key).toBe(`shopify:product:${p.slug}`);
      expect(p.oldPaths).toEqual([`/products/${p.slug}`]);
    }
  });

  it.each([
    ['espresso-cup-set', 'Espresso Cups & Saucers, Set of 2'],
    ['fig-cedar-soy-candle', 'Fig & Cedar Soy Candle'],
    ['cafe-au-lait-bowl', 'Café au Lait Bowl'],
    ['sunny-side-breakfast-plate', 'Sunny Side Breakfast Plate 🍳'],
    ['reed-diffuser-wild-fig', 'Reed Diffuser – Wild Fig'],
  ])('names %s "%s", entities decoded', (handle, name) => {
    expect(product(handle).name).toBe(name);
  });

  it('keeps two products of the same title apart by their handles', () => {
    const planters = productsOf(read).filter((p) => p.name === 'Ceramic Planter');
    expect(planters.map((p) => [p.key, p.priceCents])).toEqual([
      ['shopify:product:ceramic-planter', 1600],
      ['shopify:product:ceramic-planter-1', 2600],
    ]);
  });

  it.each([
    ['stoneware-mug', 1800],
    ['espresso-cup-set', 3250],
    ['cafe-au-lait-bowl', 1400],
    ['beeswax-taper-candles', 950],
    ['ceramic-planter', 1600],
    ['cushion-cover', 2400],
    ['long-safety-matches', 450],
    ['recycled-glass-tumbler', 850],
    ['wide-pasta-bowl', 1750],
    ['handwoven-wool-rug', 125000],
  ])('prices %s at its lowest variant price, %i cents', (handle, cents) => {
    expect(product(handle).priceCents).toBe(cents);
  });

  it.each([
    ['stoneware-mug', 19],
    ['beeswax-taper-candles', 65],
    ['ceramic-planter', 16],
    ['cushion-cover', 13],
    ['linen-apron', 14],
    ['round-wall-mirror', 0],
    ['coir-doormat', 0],
  ])('counts the stock of %s as its variants together: %i', (handle, stock) => {
    expect(product(handle).stock).toBe(stock);
  });

  it('orders pictures by position with their alt text, then adds a variant picture the gallery lacks', () => {
    expect(product('stoneware-mug').images).toEqual([
      { url: cdn('stoneware-mug-oat'), alt: 'Oat stoneware mug on a linen cloth' },
      { url: cdn('stoneware-mug-slate'), alt: 'Slate stoneware mug' },
      { url: cdn('stoneware-mug-stack'), alt: 'Three mugs stacked' },
      { url: cdn('stoneware-mug-moss'), alt: '' },
    ]);
  });

  it('keeps four pictures of a product with four, and an empty alt where the export has none', () => {
    expect(product('ceramic-planter').images.map((i) => i.url)).toEqual(
      ['ceramic-planter', 'ceramic-planter-sizes', 'ceramic-planter-saucer', 'ceramic-planter-shelf'].map(cdn),
    );
    expect(product('espresso-cup-set').images[1]).toEqual({ url: cdn('espresso-cup-set-detail'), alt: '' });
  });

  it('takes a picture listed twice in a product once, and a picture two products share in both', () => {
    expect(product('oak-serving-board').images).toEqual([
      { url: cdn('oak-serving-board'), alt: 'Oak board with cheese' },
      { url: cdn('oak-board-lifestyle'), alt: 'Board on a kitchen table' },
    ]);
    expect(product('cheese-knife-trio').images.map((i) => i.url)).toEqual(
      ['cheese-knife-trio', 'oak-board-lifestyle'].map(cdn),
    );
  });

  it('does not repeat variant pictures that are in the gallery already', () => {
    expect(product('cushion-cover').images.map((i) => i.url)).toEqual(
      ['cushion-cover-sand', 'cushion-cover-ink'].map(cdn),
    );
  });

  it('gives a product without pictures none', () => {
    expect(product('enamel-colander').images).toEqual([]);
  });

  it('keeps the description HTML as written, quotes, commas and line break included', () => {
    expect(product('waffle-tea-towel').html).toBe(
      '<p>Our "everyday" tea towel, woven in Portugal, soft from the first wash.</p>\n' +
        '<ul><li>100% cotton, waffle weave</li><li>50 × 70 cm</li></ul>',
    );
  });

  it('publishes active products and keeps the draft unpublished, though its Published column says true', () => {
    const unpublished = productsOf(read).filter((p) => !p.published);
    expect(unpublished.map((p) => p.slug)).toEqual(['hand-thrown-vase']);
  });

  it('files each product under its type, spelled as the category is, and none when the type is blank', () => {
    expect(product('stoneware-mug').category).toBe('Mugs');
    expect(product('ceramic-butter-dish').category).toBe('Tableware');
    expect(product('brass-candle-snuffer').category).toBeNull();
  });

  it('splits tags on commas, trimmed, each once', () => {
    expect(product('linen-napkins-set-of-4').tags).toEqual(['linen', 'table linen', 'gift ideas', 'napkins']);
  });

  it('leaves out the archived, the gift card and the unpriced, and says why, with the rows at fault', () => {
    const handles = productsOf(read).map((p) => p.slug);
    for (const left of ['rattan-coasters', 'christmas-bauble-set-2023', 'gift-card', 'glass-carafe']) {
      expect(handles).not.toContain(left);
    }
    expect(read.problems).toEqual([
      { where: 'row 54', message: 'The row has no Handle, so it belongs to no product: skipped.' },
      { where: 'row 43', message: 'Variant Price "abc" is not a price: the product glass-carafe is not imported.' },
      { where: 'gift-card', message: 'It is a gift card, which this site does not sell: not imported.' },
      { where: 'rattan-coasters, christmas-bauble-set-2023', message: '2 archived products are not imported.' },
    ]);
  });

  it('makes no category of a type only products left out have', () => {
    const names = read.units.flatMap((unit) => (unit.type === 'category' ? [unit.name] : []));
    expect(names).not.toContain('Glassware');
    expect(names).not.toContain('Table Linen');
    expect(names).not.toContain('Gift Card');
  });
});

describe('reading the file', () => {
  const mug = csv('Handle,Title,Variant Price,Body (HTML)', 'mug,Mug,5.00,<p>Hi</p>');

  it('finds the first header behind a byte order mark, quoted or not', () => {
    expect(productOf(readShopifyCsv(`\uFEFF${mug}`), 'mug').priceCents).toBe(500);
    const quoted = '\uFEFF"Handle","Title","Variant Price"\nmug,Mug,5.00\n';
    expect(productOf(readShopifyCsv(quoted), 'mug').name).toBe('Mug');
  });

  it('reads CRLF line ends without leaving a carriage return in the last column', () => {
    const read = readShopifyCsv(mug.replaceAll('\n', '\r\n'));
    expect(productOf(read, 'mug').html).toBe('<p>Hi</p>');
    expect(read.problems).toEqual([]);
  });

  it('reads quoted cells with commas, doubled quotes and line breaks, and the rows after them', () => {
    const read = readShopifyCsv(
      csv(
        'Handle,Title,Body (HTML),Variant Price',
        'mug,"Mug, large","<p>Say ""hi"",',
        'friend</p>",5.00',
        'cup,Cup,,3',
      ),
    );
    expect(productOf(read, 'mug')).toMatchObject({ name: 'Mug, large', html: '<p>Say "hi",\nfriend</p>' });
    expect(productOf(read, 'cup').priceCents).toBe(300);
  });

  it('finds columns by name, wherever they are', () => {
    const read = readShopifyCsv(csv('Variant Price,Tags,Title,Handle', '7.00,"a, b",Bowl,bowl'));
    expect(productOf(read, 'bowl')).toMatchObject({ name: 'Bowl', priceCents: 700, tags: ['a', 'b'] });
  });

  it('reads the 2025 template, whose columns Shopify renamed', () => {
    const read = readShopifyCsv(
      csv(
        'Title,URL handle,Description,Type,Published on online store,Status,Price,Inventory quantity,Product image URL,Image position,Image alt text,Variant image URL',
        'Mug,mug,<p>Hi</p>,Mugs,TRUE,active,5.00,3,https://cdn.test/b.jpg,2,Side,https://cdn.test/c.jpg',
        ',mug,,,,,6.00,4,https://cdn.test/a.jpg,1,Front,',
      ),
    );
    expect(productOf(read, 'mug')).toMatchObject({
      html: '<p>Hi</p>',
      category: 'Mugs',
      published: true,
      priceCents: 500,
      stock: 7,
      images: [
        { url: 'https://cdn.test/a.jpg', alt: 'Front' },
        { url: 'https://cdn.test/b.jpg', alt: 'Side' },
        { url: 'https://cdn.test/c.jpg', alt: '' },
      ],
    });
  });

  it('reads the 2022 template, whose type column was Custom Product Type', () => {
    const read = readShopifyCsv(
      csv('Handle,Title,Standardized Product Type,Custom Product Type,Variant Price', 'mug,Mug,Mugs,Coffee mugs,5'),
    );
    expect(productOf(read, 'mug').category).toBe('Coffee mugs');
  });

  it('says a file without a Handle or a price column is no products export, and reads nothing', () => {
    expect(readShopifyCsv(csv('Title,Variant Price', 'Mug,5'))).toEqual({
      units: [],
      archives: [],
      problems: [
        { where: 'row 1', message: 'This is not a Shopify products export: the header has no Handle column.' },
      ],
      siteUrl: null,
    });
    expect(readShopifyCsv(csv('Handle,Title', 'mug,Mug')).problems).toEqual([
      { where: 'row 1', message: 'This is not a Shopify products export: the header has no Variant Price column.' },
    ]);
  });

  it('says where a file stops being CSV, and reads nothing', () => {
    const read = readShopifyCsv(csv('Handle,Title,Variant Price', 'mug,"Mug,5', 'cup,Cup,3'));
    expect(read.units).toEqual([]);
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]?.where).toMatch(/^line \d+$/);
    expect(read.problems[0]?.message).toMatch(/^The file cannot be read as CSV: .*quote/i);
  });
});

describe('prices', () => {
  const priced = (price: string) => readShopifyCsv(csv('Handle,Title,Variant Price', `mug,Mug,"${price}"`));

  it.each([
    ['19.99', 1999],
    ['0.29', 29],
    ['1.13', 113],
    ['4.35', 435],
    ['0.00', 0],
    ['5', 500],
    ['5.5', 550],
    ['19.990', 1999],
    [' 7.25 ', 725],
    ['1299.00', 129900],
    ['1,299.00', 129900],
    ['1,250,000.10', 125000010],
  ])('reads "%s" as %i cents exactly', (price, cents) => {
    const read = priced(price);
    expect(read.problems).toEqual([]);
    expect(productOf(read, 'mug').priceCents).toBe(cents);
  });

  it.each(['abc', '19.995', '-5.00', '$5.00', '1,29.00', '12,50', '1.299,00', '5.', '.5', '1e3'])(
    'leaves the product out when its price is "%s", naming the row',
    (price) => {
      const read = priced(price);
      expect(productsOf(read)).toEqual([]);
      expect(read.problems).toEqual([
        { where: 'row 2', message: `Variant Price "${price.trim()}" is not a price: the product mug is not imported.` },
      ]);
    },
  );

  it('takes the lowest of the variants, passing over rows that carry only a picture', () => {
    const read = readShopifyCsv(
      csv(
        'Handle,Title,Variant Price,Image Src',
        'mug,Mug,30.00,https://cdn.test/a.jpg',
        'mug,,12.50,',
        'mug,,,https://cdn.test/b.jpg',
        'mug,,20.00,',
      ),
    );
    expect(productOf(read, 'mug').priceCents).toBe(1250);
  });

  it('leaves a product out when no variant has a price', () => {
    const read = readShopifyCsv(csv('Handle,Title,Variant Price', 'mug,Mug,', 'mug,,'));
    expect(productsOf(read)).toEqual([]);
    expect(read.problems).toEqual([{ where: 'mug', message: 'No variant has a price: not imported.' }]);
  });
});

describe('stock', () => {
  it('adds the variants up, a blank, negative or unreadable count being none', () => {
    const read = readShopifyCsv(
      csv(
        'Handle,Title,Variant Price,Variant Inventory Qty',
        'mug,Mug,5,3',
        'mug,,5,',
        'mug,,5,-4',
        'mug,,5,many',
        'mug,,5,2',
      ),
    );
    expect(productOf(read, 'mug').stock).toBe(5);
  });

  it('is none when the export has no stock column', () => {
    expect(productOf(readShopifyCsv(csv('Handle,Title,Variant Price', 'mug,Mug,5')), 'mug').stock).toBe(0);
  });
});

describe('pictures', () => {
  const header = 'Handle,Title,Variant Price,Image Src,Image Position,Image Alt Text,Variant Image';

  it('orders numbered pictures by number, then the unnumbered in row order', () => {
    const read = readShopifyCsv(
      csv(
        header,
        'mug,Mug,5,https://cdn.test/third.jpg,3,,',
        'mug,,,https://cdn.test/loose-1.jpg,,,',
        'mug,,,https://cdn.test/first.jpg,1,,',
        'mug,,,https://cdn.test/loose-2.jpg,,,',
        'mug,,,https://cdn.test/tenth.jpg,10,,',
        'mug,,,https://cdn.test/second.jpg,2,,',
      ),
    );
    expect(productOf(read, 'mug').images.map((i) => i.url.slice('https://cdn.test/'.length))).toEqual([
      'first.jpg',
      'second.jpg',
      'third.jpg',
      'tenth.jpg',
      'loose-1.jpg',
      'loose-2.jpg',
    ]);
  });

  it('keeps a picture once, with the alt text of whichever row gave one', () => {
    const read = readShopifyCsv(
      csv(header, 'mug,Mug,5,https://cdn.test/a.jpg,1,,', 'mug,,,https://cdn.test/a.jpg,2,Blue mug &amp; saucer,'),
    );
    expect(productOf(read, 'mug').images).toEqual([{ url: 'https://cdn.test/a.jpg', alt: 'Blue mug & saucer' }]);
  });

  it('adds variant pictures after the gallery, each once, without alt text', () => {
    const read = readShopifyCsv(
      csv(
        header,
        'mug,Mug,5,https://cdn.test/a.jpg,1,Front,https://cdn.test/red.jpg',
        'mug,,6,,,,https://cdn.test/a.jpg',
        'mug,,7,,,,https://cdn.test/red.jpg',
        'mug,,8,,,,https://cdn.test/blue.jpg',
      ),
    );
    expect(productOf(read, 'mug').images).toEqual([
      { url: 'https://cdn.test/a.jpg', alt: 'Front' },
      { url: 'https://cdn.test/red.jpg', alt: '' },
      { url: 'https://cdn.test/blue.jpg', alt: '' },
    ]);
  });
});

describe('rows and handles', () => {
  it('reads a handle whose rows come in two runs as one product, without a problem', () => {
    const read = readShopifyCsv(
      csv(
        'Handle,Title,Variant Price,Variant Inventory Qty,Image Src',
        'mug,Mug,9.00,2,https://cdn.test/mug.jpg',
        'plate,Plate,12.00,1,',
        'mug,,7.00,3,https://cdn.test/mug-2.jpg',
      ),
    );
    expect(productsOf(read).map((p) => p.slug)).toEqual(['mug', 'plate']);
    expect(productOf(read, 'mug')).toMatchObject({
      priceCents: 700,
      stock: 5,
      images: [
        { url: 'https://cdn.test/mug.jpg', alt: '' },
        { url: 'https://cdn.test/mug-2.jpg', alt: '' },
      ],
    });
    expect(read.problems).toEqual([]);
  });

  it('numbers a row without a handle as a spreadsheet does: the header is row 1, blank lines and all', () => {
    const read = readShopifyCsv(
      csv('Handle,Title,Body (HTML),Variant Price', 'mug,Mug,"<p>Two', 'lines</p>",5', '', ',Stray,,6'),
    );
    expect(read.problems).toEqual([
      { where: 'row 4', message: 'The row has no Handle, so it belongs to no product: skipped.' },
    ]);
    expect(productsOf(read)).toHaveLength(1);
  });

  it('leaves out a handle whose first row has no title, even when a later row has one', () => {
    const read = readShopifyCsv(csv('Handle,Title,Variant Price', 'mug,,5', 'mug,Mug,6', 'cup,Cup,3'));
    expect(productsOf(read).map((p) => p.slug)).toEqual(['cup']);
    expect(read.problems).toEqual([
      { where: 'mug', message: 'Its first row has no Title: the product is not imported.' },
    ]);
  });
});

describe('product fields', () => {
  const one = (header: string, row: string) => productOf(readShopifyCsv(csv(header, row)), 'mug');

  it.each([
    ['active', 'false', true],
    ['Active', '', true],
    ['draft', 'true', false],
    ['', 'true', true],
    ['', 'false', false],
  ])('with Status "%s" and Published "%s", published is %s', (status, published, expected) => {
    expect(one('Handle,Title,Variant Price,Published,Status', `mug,Mug,5,${published},${status}`).published).toBe(
      expected,
    );
  });

  it.each([
    ['TRUE', true],
    ['true', true],
    ['FALSE', false],
    ['false', false],
    ['', false],
  ])('without a Status column, Published "%s" means published is %s', (published, expected) => {
    expect(one('Handle,Title,Variant Price,Published', `mug,Mug,5,${published}`).published).toBe(expected);
  });

  it('leaves archived products out with one line for all of them, and makes no category of their types', () => {
    const read = readShopifyCsv(
      csv('Handle,Title,Type,Variant Price,Status', 'old,Old,Vintage,5,archived', 'mug,Mug,Mugs,5,active'),
    );
    expect(productsOf(read).map((p) => p.slug)).toEqual(['mug']);
    expect(read.units.filter((unit) => unit.type === 'category').map((unit) => unit.key)).toEqual([
      'shopify:type:mugs',
    ]);
    expect(read.problems).toEqual([{ where: 'old', message: '1 archived product is not imported.' }]);
  });

  it('leaves a gift card out, saying so', () => {
    const read = readShopifyCsv(csv('Handle,Title,Variant Price,Gift Card', 'card,Gift Card,10.00,true'));
    expect(productsOf(read)).toEqual([]);
    expect(read.problems).toEqual([
      { where: 'card', message: 'It is a gift card, which this site does not sell: not imported.' },
    ]);
  });

  it('makes one category per type whatever its case and spaces, named as first written', () => {
    const read = readShopifyCsv(
      csv('Handle,Title,Type,Variant Price', 'a,A,Mugs,1', 'b,B, mugs ,1', 'c,C,Plates,1', 'd,D,,1'),
    );
    expect(read.units.filter((unit) => unit.type === 'category')).toEqual([
      { type: 'category', key: 'shopify:type:mugs', kind: 'product', name: 'Mugs' },
      { type: 'category', key: 'shopify:type:plates', kind: 'product', name: 'Plates' },
    ]);
    expect(productsOf(read).map((p) => p.category)).toEqual(['Mugs', 'Mugs', 'Plates', null]);
  });

  it('splits tags on commas, trims them and keeps each once, whatever its case', () => {
    expect(one('Handle,Title,Variant Price,Tags', 'mug,Mug,5," a, b ,, A,c,b "').tags).toEqual(['a', 'b', 'c']);
  });

  it.each([
    ['Mugs &amp; Cups', 'Mugs & Cups'],
    ['&amp;lt;b&amp;gt;', '&lt;b&gt;'],
    ['Caf&eacute; &#233; &#xE9;', 'Café é é'],
    ['Egg &#x1F373;', 'Egg 🍳'],
    ['Tom &nbsp;', 'Tom'],
    ['&bogus; &#xD800; &#0;', '&bogus; &#xD800; &#0;'],
    ['  Mug  ', 'Mug'],
  ])('names a product titled "%s" "%s"', (title, name) => {
    expect(one('Handle,Title,Variant Price', `mug,${title},5`).name).toBe(name);
  });
});
