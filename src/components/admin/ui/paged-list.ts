/** Page arithmetic shared by the admin list screens (orders, products, users). */

/** The one action every list query reducer understands: go to a page (clamped to 1 and up). */
export interface PageAction {
  type: 'page';
  page: number;
}

/** How many pages `total` rows fill; at least 1, so an empty list reads 'Page 1 of 1'. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The query on another page: a whole number, never below 1. */
export const onPage = <Q extends { page: number }>(query: Q, page: number): Q => ({
  ...query,
  page: Math.max(1, Math.trunc(page)),
});
