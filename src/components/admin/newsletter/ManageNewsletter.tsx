/** The /admin/newsletter screen: Subscribers and Issues as two tabs, for a signed-in admin. */
import { useState } from 'react';
import AdminGate from '../ui/AdminGate.tsx';
import TabList from '../ui/TabList.tsx';
import IssuesPanel from './IssuesPanel.tsx';
import SubscribersPanel from './SubscribersPanel.tsx';

const TABS = ['Subscribers', 'Issues'] as const;
type Tab = (typeof TABS)[number];
const tabId = (tab: Tab) => `newsletter-tab-${tab.toLowerCase()}`;

function NewsletterScreen() {
  const [tab, setTab] = useState<Tab>('Subscribers');
  return (
    <div className="flex flex-col gap-4">
      <TabList
        label="Newsletter"
        tabs={TABS}
        chosen={tab}
        onChoose={(next, focus) => {
          setTab(next);
          if (focus) requestAnimationFrame(() => document.getElementById(tabId(next))?.focus());
        }}
        tabId={tabId}
        panelId="newsletter-tab-panel"
      />
      <div id="newsletter-tab-panel" role="tabpanel" aria-labelledby={tabId(tab)} className="min-w-0">
        {tab === 'Subscribers' ? <SubscribersPanel /> : <IssuesPanel />}
      </div>
    </div>
  );
}

export default function ManageNewsletter() {
  return <AdminGate>{() => <NewsletterScreen />}</AdminGate>;
}
