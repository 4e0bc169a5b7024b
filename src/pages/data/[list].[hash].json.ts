import type { APIContext, GetStaticPaths } from 'astro';
import { LIST_NAMES, listData } from '../../lib/build/list-data-file.ts';

/** Each list's data (lib/lists/list-data.ts), one file per list named by its content's hash. */
export const getStaticPaths = (async () =>
  Promise.all(
    LIST_NAMES.map(async (list) => {
      const { file } = await listData(list);
      // Named by its content's hash, which is all it holds.
      return { params: { list, hash: file.hash }, props: { body: file.body }, cacheKey: file.hash };
    }),
  )) satisfies GetStaticPaths;

export function GET({ props }: APIContext<{ body: string }>) {
  return new Response(props.body, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
