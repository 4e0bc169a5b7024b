/**
 * 'For You': four recommendations from the build, refreshed in the browser (personal once a token is stored); each
 * card opens its item (recommendationPath).
 */
import { useEffect, useState } from 'react';
import { fetchRecommendations } from '../../lib/api/content.ts';
import { FOR_YOU_EMPTY, FOR_YOU_FAILED, forYouView, type LoadStatus } from '../../lib/hero/for-you.ts';
import { RECOMMENDATIONS_LIMIT } from '../../shared/constants.ts';
import { recommendationPath } from '../../shared/recommend.ts';
import type { Recommendation } from '../../shared/types.ts';
import SafeImage from '../lists/SafeImage.tsx';

interface Props {
  /** The list the page was built with. */
  initial: Recommendation[];
}

/** Four across on a wide screen, two on a tablet, one in the `px-4` gutter on a phone. */
const CARD_SIZES = '(min-width: 1024px) 25vw, (min-width: 640px) 50vw, calc(100vw - 2rem)';

export default function ForYou({ initial }: Props) {
  const [items, setItems] = useState(initial.slice(0, RECOMMENDATIONS_LIMIT));
  const [status, setStatus] = useState<LoadStatus>(initial.length > 0 ? 'done' : 'loading');

  useEffect(() => {
    let live = true;
    fetchRecommendations(RECOMMENDATIONS_LIMIT)
      .then((list) => {
        if (!live) return;
        setItems(list.slice(0, RECOMMENDATIONS_LIMIT));
        setStatus('done');
      })
      .catch((error: unknown) => {
        console.error('Failed to load recommendations:', error instanceof Error ? error.message : error);
        if (live) setStatus('failed');
      });
    return () => {
      live = false;
    };
  }, []);

  const view = forYouView(items.length, status);
  return (
    // Below the hero: styled and laid out only once it nears the viewport (its padding keeps the card shadows inside).
    <section
      aria-labelledby="for-you-heading"
      className="mx-auto w-full max-w-7xl px-4 py-16 content-visibility-auto [contain-intrinsic-block-size:auto_900px] sm:px-6"
    >
      <h2 id="for-you-heading" className="m-0 mb-8 text-3xl font-bold">
        For You
      </h2>
      {view === 'cards' && (
        <ul className="m-0 grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item._id}>
              <article className="group relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-md ring-1 ring-black/5 transition-shadow focus-within:ring-2 focus-within:ring-[var(--color-primary)] hover:shadow-lg dark:bg-white/5 dark:ring-white/10">
                <SafeImage
                  src={item.image}
                  alt=""
                  width={1200}
                  height={800}
                  sizes={CARD_SIZES}
                  className="aspect-[3/2] h-auto w-full bg-gray-200 object-cover dark:bg-white/10"
                />
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <h3 className="m-0 text-lg font-semibold leading-snug">
                    {/* The whole card is the link; the title names it. */}
                    <a
                      href={recommendationPath(item)}
                      className="text-inherit no-underline after:absolute after:inset-0 after:content-[''] group-hover:underline focus-visible:outline-none"
                    >
                      {item.title}
                    </a>
                  </h3>
                  {item.caption && <p className="m-0 text-sm text-gray-600 dark:text-gray-300">{item.caption}</p>}
                  {item.tags.length > 0 && (
                    <ul className="m-0 mt-auto flex list-none flex-wrap gap-2 p-0 pt-2" aria-label="Tags">
                      {item.tags.map((tag) => (
                        <li
                          key={tag}
                          className="rounded-full bg-primary/15 px-2.5 py-0.5 text-xs font-medium text-gray-800 dark:bg-primary/25 dark:text-gray-100"
                        >
                          {tag}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {view === 'loading' && (
        <ul
          className="m-0 grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-4"
          aria-busy="true"
          aria-label="Loading recommendations"
        >
          {Array.from({ length: RECOMMENDATIONS_LIMIT }, (_, n) => (
            <li key={n} className="h-80 animate-pulse rounded-xl bg-gray-200 dark:bg-white/10" />
          ))}
        </ul>
      )}
      {view === 'failed' && (
        <p className="m-0 text-red-600 dark:text-red-400" role="alert">
          {FOR_YOU_FAILED}
        </p>
      )}
      {view === 'empty' && <p className="m-0 text-gray-600 dark:text-gray-300">{FOR_YOU_EMPTY}</p>}
    </section>
  );
}
