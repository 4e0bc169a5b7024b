/**
 * Opens an item created after the last build: the server answers /<section>/<new-slug> with a reader page (blog-view,
 * product-view), whose island loads the item from the API by the slug in the address, or shows the not-found text.
 */
import { useEffect, useState, type ReactNode } from 'react';

type State<T> = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; value: T };

interface Props<T> {
  /** The address's first segment: 'blogs' for /blogs/<slug>, 'shop' for /shop/<slug>. */
  section: string;
  /** Reads the item (and what the page shows beside it); a refusal reads as not found. Stable across renders. */
  load: (slug: string) => Promise<T>;
  /** The page title's first part once the item is known. */
  title: (value: T) => string;
  children: (value: T) => ReactNode;
}

/** What a reader page shows while its item loads. */
export function ReaderLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-label="Loading">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-gray-300 border-t-[var(--color-primary)]" />
    </div>
  );
}

export default function NewItemReader<T>({ section, load, title, children }: Props<T>) {
  const [state, setState] = useState<State<T>>({ status: 'loading' });
  useEffect(() => {
    const slug = new RegExp(`^/${section}/([a-z0-9]+(?:-[a-z0-9]+)*)/?$`).exec(location.pathname)?.[1];
    // An address without a slug is not found, like a slug the API refuses.
    (slug ? load(slug) : Promise.reject(new Error(`No ${section} slug in the address`)))
      .then((value) => {
        document.title = document.title.replace(/^[^|]*/, `${title(value)} `);
        setState({ status: 'ready', value });
      })
      .catch(() => setState({ status: 'missing' }));
    // Read once, for the address the page was opened at.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately once, on mount (above)
  }, []);

  if (state.status === 'loading') return <ReaderLoading />;
  if (state.status === 'missing') {
    return (
      <section className="mx-auto max-w-3xl px-4 py-24 text-center">
        <h1 className="text-4xl font-bold">404 - Page Not Found</h1>
        <p className="mt-4 text-lg text-gray-600 dark:text-gray-300">
          Sorry, we couldn't find the page you were looking for.
        </p>
      </section>
    );
  }
  return <>{children(state.value)}</>;
}
