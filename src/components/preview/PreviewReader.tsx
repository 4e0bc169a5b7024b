/**
 * /preview?token=…: the item a preview link names (a blog post, a product, a page, a plan among the pricing page's), as its page will look with its draft
 * applied, under a banner saying it is a preview and until when the link works. Anyone holding the link may look;
 * nothing else is shown. A preview of the site's settings is the whole site instead: the link goes on to the home page,
 * which the draft settings are shown on. `currency`: the store's, baked in at build time, which a product's price is
 * shown in.
 */
import DOMPurify from 'dompurify';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api/auth.ts';
import { fetchPreview } from '../../lib/api/preview.ts';
import { sanitizeBlogHtml } from '../../lib/blog/render-content.ts';
import { formatDateTime } from '../../lib/format/dates.ts';
import { PREVIEW_INVALID, PREVIEW_TOKEN_PARAM, type PreviewAnswer } from '../../shared/drafts.ts';
import { PREVIEW_NOT_LOADED, SITE_PREVIEW_PARAM } from '../../shared/site-preview.ts';
import AudioPreview from '../audio/AudioPreview.tsx';
import BlogArticle from '../blog/BlogArticle.tsx';
import EventPreview from '../events/EventPreview.tsx';
import { ReaderLoading } from '../lists/NewItemReader.tsx';
import PageArticle from '../pages/PageArticle.tsx';
import DocumentsPreview from '../documents/DocumentsPreview.tsx';
import ProductDetails from '../shop/ProductDetails.tsx';
import VideoPreview from '../media/VideoPreview.tsx';
import PhotoPreview from '../media/PhotoPreview.tsx';
import PricingPage from '../pricing/PricingPage.tsx';
import HeroPreview from '../home/HeroPreview.tsx';

type State =
  { status: 'loading' } | { status: 'refused'; message: string } | { status: 'ready'; answer: PreviewAnswer };

/** The width of the item's own page, so the banner's words line up with the page's. */
const WIDTHS: Record<PreviewAnswer['type'], string> = {
  blog: 'max-w-3xl',
  page: 'max-w-3xl',
  document: 'max-w-4xl',
  audio: 'max-w-4xl',
  product: 'max-w-7xl',
  video: 'max-w-7xl',
  photo: 'max-w-7xl',
  plan: 'max-w-6xl',
  event: 'max-w-5xl',
  slider: 'max-w-7xl',
  // Never shown here: the settings are previewed on the site itself.
  company: 'max-w-7xl',
  theme: 'max-w-7xl',
};

function Banner({ answer }: { answer: PreviewAnswer }) {
  const what = answer.published
    ? answer.draft
      ? 'Unpublished changes: visitors still see the published version.'
      : 'This is the published version: it has no unpublished changes.'
    : 'Not published yet: visitors cannot see this page.';
  return (
    <aside
      aria-label="Preview"
      className="border-b border-amber-400/60 bg-amber-50 py-3 text-sm text-amber-950 dark:border-amber-300/30 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <p className={`m-0 mx-auto px-4 ${WIDTHS[answer.type]}`}>
        <strong className="font-semibold">Preview.</strong> {what} This link works until{' '}
        <time dateTime={answer.expiresAt}>{formatDateTime(answer.expiresAt)}</time>.
      </p>
    </aside>
  );
}

/** The page title's first part: the item's own name. */
function nameOf(answer: PreviewAnswer): string {
  switch (answer.type) {
    case 'product':
    case 'video':
    case 'audio':
    case 'event':
      return answer.item.name;
    case 'plan':
      return answer.item.plan.name;
    case 'slider':
      return answer.item.slide.title || 'Hero slide';
    case 'company':
    case 'theme':
      return answer.item.name;
    default:
      return answer.item.title;
  }
}

/** The item as its own page shows it; HTML content sanitised as the build sanitises it. */
function PreviewedItem({ answer, currency }: { answer: PreviewAnswer; currency: string }) {
  switch (answer.type) {
    case 'blog':
      return (
        <BlogArticle blog={answer.item} safeHtml={sanitizeBlogHtml(DOMPurify, answer.item.content)} related={[]} />
      );
    case 'page':
      return <PageArticle page={answer.item} safeHtml={sanitizeBlogHtml(DOMPurify, answer.item.content)} />;
    case 'document':
      return <DocumentsPreview document={answer.item} />;
    case 'product':
      return (
        <ProductDetails
          product={answer.item}
          related={[]}
          currency={currency}
          inertCart="Adding to the cart works on the published page."
        />
      );
    case 'video':
      return <VideoPreview video={answer.item} />;
    case 'photo':
      return <PhotoPreview photo={answer.item} />;
    case 'audio':
      return <AudioPreview audio={answer.item} />;
    case 'event':
      return <EventPreview event={answer.item} currency={currency} />;
    case 'plan':
      return <PricingPage plans={answer.item.plans} currency={currency} />;
    case 'slider':
      return <HeroPreview preview={answer.item} />;
    case 'company':
    case 'theme':
      return null;
  }
}

export default function PreviewReader({ currency }: { currency: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const token = new URLSearchParams(location.search).get(PREVIEW_TOKEN_PARAM) ?? '';
    // A page opened without a link is refused as a bad link is.
    (token
      ? fetchPreview(token)
      : Promise.reject(Object.assign(new Error(PREVIEW_INVALID), { data: { message: PREVIEW_INVALID } }))
    )
      .then((answer) => {
        // The site with the draft settings, from its home page; the page keeps the link for the tab (browser/layout.ts).
        if (answer.type === 'company' || answer.type === 'theme') {
          location.replace(`/?${SITE_PREVIEW_PARAM}=${encodeURIComponent(token)}`);
          return;
        }
        document.title = document.title.replace(/^[^|]*/, `Preview: ${nameOf(answer)} `);
        setState({ status: 'ready', answer });
      })
      .catch((error: unknown) =>
        setState({
          status: 'refused',
          message: errorMessage(error, PREVIEW_NOT_LOADED),
        }),
      );
  }, []);

  if (state.status === 'loading') return <ReaderLoading />;
  if (state.status === 'refused') {
    return (
      <section className="mx-auto max-w-3xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">Preview unavailable</h1>
        <p className="mt-4 text-lg text-gray-600 dark:text-gray-300">{state.message}</p>
      </section>
    );
  }
  return (
    <>
      <Banner answer={state.answer} />
      <PreviewedItem answer={state.answer} currency={currency} />
    </>
  );
}
