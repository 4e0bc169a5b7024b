/**
 * The /admin/content screen (site-spec section 2): heading, search, grid/list toggle and the eight
 * tabs; each tab's panel is loaded when first shown. The chosen tab lives in the address (?tab=Videos), so a reload keeps it.
 * A link may name a search too (?tab=Blogs&q=Some%20title): the box starts with it, so the tab opens filtered to that item.
 * Below the tabs, an admin alone sees the Version history card (how many versions of each item are kept).
 */
import { can, type Role } from '../../../shared/staff-roles.ts';
import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import AdminGate from '../ui/AdminGate.tsx';
import TabList from '../ui/TabList.tsx';
import Spinner from '../ui/Spinner.tsx';
import { CONTENT_TABS, type ContentPanelProps, type ContentTab, type ContentView } from './content-tabs.ts';

type Panel = LazyExoticComponent<ComponentType<ContentPanelProps>>;

const PANELS: Record<ContentTab, Panel> = {
  Images: lazy(() => import('./images/ImagesPanel.tsx')),
  Videos: lazy(() => import('./videos/VideosPanel.tsx')),
  Audio: lazy(() => import('./audio/AudioPanel.tsx')),
  Documents: lazy(() => import('./documents/DocumentsPanel.tsx')),
  Blogs: lazy(() => import('./blogs/BlogsPanel.tsx')),
  Events: lazy(() => import('./events/EventsPanel.tsx')),
  Plans: lazy(() => import('./plans/PlansPanel.tsx')),
  Pages: lazy(() => import('./pages/PagesPanel.tsx')),
};

// Loaded for an admin only: the other roles never download the card or its input rule.
const RevisionLimitCard = lazy(() => import('./RevisionLimitCard.tsx'));

const isTab = (value: string | null): value is ContentTab => (CONTENT_TABS as readonly string[]).includes(value ?? '');

/** The tab named in ?tab=, else Images. */
function tabFromUrl(): ContentTab {
  const tab = new URLSearchParams(window.location.search).get('tab');
  return isTab(tab) ? tab : 'Images';
}

/** What the search box takes. */
const SEARCH_MAX = 200;

/** The search named in ?q=, trimmed to what the box takes; '' without one. */
function queryFromUrl(): string {
  return (new URLSearchParams(window.location.search).get('q') ?? '').trim().slice(0, SEARCH_MAX);
}

const tabId = (tab: ContentTab) => `content-tab-${tab.toLowerCase()}`;

function ViewToggle({ view, onView }: { view: ContentView; onView: (view: ContentView) => void }) {
  const button = (value: ContentView, text: string, icon: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      aria-label={text}
      title={text}
      onClick={() => onView(value)}
      className={`flex h-10 w-11 items-center justify-center ${view === value ? 'bg-[var(--color-primary)] text-white' : 'hover:bg-gray-100 dark:hover:bg-white/10'}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        aria-hidden="true"
      >
        <path d={icon} />
      </svg>
    </button>
  );
  return (
    <div
      role="group"
      aria-label="View"
      className="flex shrink-0 overflow-hidden rounded-md border border-gray-300 dark:border-white/20"
    >
      {button('grid', 'Grid view', 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z')}
      {button('list', 'List view', 'M4 6h16M4 12h16M4 18h16')}
    </div>
  );
}

/** The tabs `role` may use: every one with content, the Blogs tab alone with only its own posts (an author). */
export const tabsFor = (role: Role): readonly ContentTab[] => (can(role, 'content') ? CONTENT_TABS : ['Blogs']);

function Manager({ currency, role }: { currency: string; role: Role }) {
  const tabs = tabsFor(role);
  const [tab, setTab] = useState<ContentTab>(() => {
    const named = tabFromUrl();
    return tabs.includes(named) ? named : (tabs[0] ?? 'Blogs');
  });
  const [query, setQuery] = useState(queryFromUrl);
  const [view, setView] = useState<ContentView>('grid');

  useEffect(() => {
    const back = () => {
      const named = tabFromUrl();
      if (tabs.includes(named)) setTab(named);
    };
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, [tabs]);

  const choose = (next: ContentTab, focus = false) => {
    setTab(next);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', next);
    window.history.replaceState(window.history.state, '', url);
    if (focus) document.getElementById(tabId(next))?.focus();
  };

  const search = (text: string) => {
    setQuery(text);
    // Once the admin edits the search a link filled in, a reload should not bring the link's search back.
    const url = new URL(window.location.href);
    if (!url.searchParams.has('q')) return;
    url.searchParams.delete('q');
    window.history.replaceState(window.history.state, '', url);
  };

  const Active = PANELS[tab];
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <h2 className="m-0 text-xl font-bold sm:text-2xl">Multimedia Content Management</h2>
      <div className="flex flex-wrap items-center gap-3">
        <input
          type="search"
          aria-label="Search content"
          placeholder="Search content..."
          value={query}
          onChange={(e) => search(e.target.value)}
          maxLength={SEARCH_MAX}
          className="min-w-0 flex-1 basis-40 rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 dark:border-white/20 dark:bg-white/5 dark:text-gray-100"
        />
        <ViewToggle view={view} onView={setView} />
      </div>
      <TabList
        label="Content types"
        tabs={tabs}
        chosen={tab}
        onChoose={choose}
        tabId={tabId}
        panelId="content-tab-panel"
      />
      <div id="content-tab-panel" role="tabpanel" aria-labelledby={tabId(tab)} className="min-w-0">
        <Suspense fallback={<Spinner compact label={`Loading ${tab}`} />}>
          <Active key={tab} query={query} view={view} currency={currency} role={role} />
        </Suspense>
      </div>
      {/* The setting is the admin's alone (the server's guard gives it to 'everything'). */}
      {can(role, 'everything') && (
        <Suspense fallback={<Spinner compact label="Loading the version history setting" />}>
          <RevisionLimitCard />
        </Suspense>
      )}
    </div>
  );
}

/** currency: the store's, baked in at build time (a change of currency rebuilds the site). */
export default function ContentManager({ currency }: { currency: string }) {
  return <AdminGate>{(user) => <Manager currency={currency} role={user.role} />}</AdminGate>;
}
