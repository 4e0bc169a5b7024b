/**
 * Manage Products: the fields POST/PUT /api/admin/products accept and the list query of
 * GET /api/admin/products; the server and the admin island check with the same rules. Multipart fields arrive as
 * text ('12.50', 'true'), JSON ones may be numbers, booleans and lists; both give the same values.
 */
import { checkWithMessages, refusal, type FieldCheck } from './refusal.ts';
import { formText } from './text.ts';
import { listQueryFields, listQueryMessages } from './list-query.ts';
import { z } from './zod.ts';
import { CATEGORY_NAME_MAX } from './category.ts';
import { amountToCents, centsToAmount } from '../money.ts';

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 5000;
/** The highest price, in major units (dollars). */
export const PRODUCT_PRICE_MAX = 1_000_000;
export const PRODUCT_STOCK_MAX = 1_000_000;
export const PRODUCT_TAGS_MAX = 20;
export const PRODUCT_TAG_MAX = 50;

export const PRODUCTS_PAGE_DEFAULT = 20;
export const PRODUCTS_PAGE_MAX = 100;
export const PRODUCTS_QUERY_MAX = 200;

/** One of the company's product categories (GET /api/categories); the server checks it exists. */
export type ProductCategory = string;

/** Exact texts of the refusals (without the '<field>: ' every answer starts with). */
export const PRODUCT_RULES = {
  required: 'is required',
  priceFormat: 'must be an amount such as 12.50, with at most 2 decimals',
  priceNegative: 'must not be negative',
  priceMax: `must be at most ${PRODUCT_PRICE_MAX}`,
  stock: `must be a whole number from 0 to ${PRODUCT_STOCK_MAX}`,
  category: `must be at most ${CATEGORY_NAME_MAX} characters`,
  published: 'must be true or false',
  tags: `must be at most ${PRODUCT_TAGS_MAX} tags of at most ${PRODUCT_TAG_MAX} characters each`,
} as const;

/** The values of a product as an admin writes them; price in major units (the server stores amountToCents of it). */
export interface ProductValues {
  name: string;
  description: string;
  price: number;
  category: ProductCategory;
  tags: string[];
  stock: number;
  published: boolean;
}

const PRICE_TEXT = /^-?\d+(\.\d+)?$/;

/** An amount of money: 0 to PRODUCT_PRICE_MAX with at most two decimals, as a number or its plain decimal text. */
const price = z.union([z.number(), z.string()], { error: PRODUCT_RULES.priceFormat }).transform((value, ctx) => {
  const fail = (message: string) => (ctx.addIssue({ code: 'custom', message }), z.NEVER);
  const text = typeof value === 'string' ? value.trim() : '';
  if (typeof value === 'string' && text === '') return fail(PRODUCT_RULES.required);
  if (typeof value === 'string' && !PRICE_TEXT.test(text)) return fail(PRODUCT_RULES.priceFormat);
  const amount = typeof value === 'number' ? value : Number(text);
  if (!Number.isFinite(amount)) return fail(PRODUCT_RULES.priceFormat);
  if (amount < 0 || Object.is(amount, -0)) return fail(PRODUCT_RULES.priceNegative);
  const decimals =
    typeof value === 'string'
      ? (text.split('.')[1]?.length ?? 0)
      : Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6
        ? 0
        : 3;
  if (decimals > 2) return fail(PRODUCT_RULES.priceFormat);
  if (amount > PRODUCT_PRICE_MAX) return fail(PRODUCT_RULES.priceMax);
  // 0.1 + 0.2 sent as JSON is 0.3: the amount the stored cents stand for.
  return centsToAmount(amountToCents(amount));
});

/** A whole number of items in stock, as a number or its digits. */
const stock = z.union([z.number(), z.string()], { error: PRODUCT_RULES.stock }).transform((value, ctx) => {
  const text = typeof value === 'string' ? value.trim() : '';
  const n = typeof value === 'number' ? value : /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > PRODUCT_STOCK_MAX) {
    ctx.addIssue({ code: 'custom', message: PRODUCT_RULES.stock });
    return z.NEVER;
  }
  return n;
});

const published = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: PRODUCT_RULES.published })
  .transform((v) => v === true || v === 'true');

/** Any name here; the server then checks it is one of the company's product categories (category-check.ts). */
const category = formText(CATEGORY_NAME_MAX).refine((v) => v !== '', PRODUCT_RULES.required);

const tag = formText(PRODUCT_TAG_MAX);
/** A list of tags, or (multipart) one text of tags separated by commas; blanks dropped, repeats (any case) once. */
const tags = z
  .union(
    [
      z.array(tag, { error: PRODUCT_RULES.tags }),
      z
        .string()
        .transform((v) => v.split(','))
        .pipe(z.array(tag)),
    ],
    { error: PRODUCT_RULES.tags },
  )
  .transform((list, ctx) => {
    const seen = new Set<string>();
    const kept = list.filter((t) => t !== '' && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
    if (kept.length > PRODUCT_TAGS_MAX) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_RULES.tags });
      return z.NEVER;
    }
    return kept;
  });

const name = formText(PRODUCT_NAME_MAX).refine((v) => v !== '', PRODUCT_RULES.required);

/** Every field optional (an edit changes only what it sends); unknown fields are ignored. */
export const ProductFields = z.object({
  name: name.optional(),
  description: formText(PRODUCT_DESCRIPTION_MAX, { multiline: true }).optional(),
  price: price.optional(),
  category: category.optional(),
  tags: tags.optional(),
  stock: stock.optional(),
  published: published.optional(),
});

/** What a new product is without the fields it may leave out. */
export const NEW_PRODUCT_DEFAULTS = { description: '', tags: [] as string[], stock: 0, published: false } as const;

/** The fields a new product must have, in the order a form shows them. */
const REQUIRED = ['name', 'price', 'category'] as const;

export type ProductCheck<T> = FieldCheck<T>;

/** The sent fields of an edit: only those present, each valid; or the first bad one with its sentence. */
export function checkProductUpdate(input: Record<string, unknown>): ProductCheck<Partial<ProductValues>> {
  const parsed = ProductFields.safeParse(input);
  if (!parsed.success) return refusal(parsed.error, 'name');
  return {
    ok: true,
    value: Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)),
  };
}

/** A new product's fields: name, price and category required, the rest defaulted (a missing published is a draft). */
export function checkProductCreate(input: Record<string, unknown>): ProductCheck<ProductValues> {
  // A missing required field reads like an empty one, so both answer 'is required' in the form's order.
  const filled = {
    ...input,
    ...Object.fromEntries(REQUIRED.filter((key) => input[key] === undefined).map((key) => [key, ''])),
  };
  const check = checkProductUpdate(filled);
  if (!check.ok) return check;
  return { ok: true, value: { ...NEW_PRODUCT_DEFAULTS, ...check.value } as ProductValues };
}

/** The columns the admin list sorts by. */
export const PRODUCT_SORTS = ['name', 'price', 'stock', 'created_at', 'category', 'published'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_PUBLISH_FILTERS = ['all', 'published', 'draft'] as const;
export type ProductPublishFilter = (typeof PRODUCT_PUBLISH_FILTERS)[number];
export type SortDir = 'asc' | 'desc';

/** The direction a sort takes when none is sent: newest first, everything else A to Z / low to high. */
export const defaultDir = (sort: ProductSort): SortDir => (sort === 'created_at' ? 'desc' : 'asc');

/** GET /api/admin/products query ('' and absent mean the default). */
export const ProductsQuery = z
  .object({
    ...listQueryFields({
      pageMax: PRODUCTS_PAGE_MAX,
      pageDefault: PRODUCTS_PAGE_DEFAULT,
      queryMax: PRODUCTS_QUERY_MAX,
    }),
    sort: z
      .union([z.literal(''), z.enum(PRODUCT_SORTS)])
      .default('')
      .transform((v): ProductSort => v || 'created_at'),
    dir: z.union([z.literal(''), z.enum(['asc', 'desc'])]).default(''),
    published: z
      .union([z.literal(''), z.enum(PRODUCT_PUBLISH_FILTERS)])
      .default('')
      .transform((v): ProductPublishFilter => v || 'all'),
    category: formText(CATEGORY_NAME_MAX).optional(),
  })
  .transform((v) => ({ ...v, dir: v.dir || defaultDir(v.sort) }));
export type ProductsFilter = z.output<typeof ProductsQuery>;

/** What each query field's refusal says. */
export const PRODUCTS_QUERY_MESSAGES: Record<keyof ProductsFilter, string> = {
  ...listQueryMessages({ pageMax: PRODUCTS_PAGE_MAX, queryMax: PRODUCTS_QUERY_MAX }),
  sort: `Sort must be one of ${PRODUCT_SORTS.join(', ')}.`,
  dir: 'The sort direction must be asc or desc.',
  published: `Published must be one of ${PRODUCT_PUBLISH_FILTERS.join(', ')}.`,
  category: `Category must be at most ${CATEGORY_NAME_MAX} characters.`,
};

/** PATCH /api/admin/products/:id body. */
export const ProductPublish = z.object({ published: z.boolean() });
export const PUBLISH_MESSAGE = 'Published must be true or false.';

/** GET /api/admin/products's query, checked. */
export const checkProductsQuery = checkWithMessages(ProductsQuery, PRODUCTS_QUERY_MESSAGES, 'q');

/** PATCH /api/admin/products/:id's body, checked. */
export const checkProductPublish = checkWithMessages(ProductPublish, { published: PUBLISH_MESSAGE }, 'published');
