/**
 * The /admin/navigation screen: the header menu and the footer's Quick Links, each edited and saved on its own card,
 * and a line naming the sections with nothing published now (what 'Automatic' leaves out). A save rebuilds the site;
 * the top bar's publish status follows it.
 */
import { useCallback } from 'react';
import { fetchAdminNavigation } from '../../../lib/api/navigation.ts';
import type { AdminNavigation } from '../../../shared/navigation.ts';
import { LoadError, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import AdminGate from '../ui/AdminGate.tsx';
import { sectionList } from './menu-form.ts';
import MenuEditor from './MenuEditor.tsx';

function EmptySections({ navigation }: { navigation: AdminNavigation }) {
  const empty = navigation.emptySections;
  return (
    <p className="m-0 rounded-lg bg-gray-500/10 px-3 py-2 text-sm text-gray-700 dark:text-gray-300" data-empty-sections>
      Automatic shows a link while its section has published content
      {empty.length === 0
        ? '; every section has some now.'
        : `. Nothing is published in ${sectionList(empty)} yet, so Automatic links to ${empty.length === 1 ? 'it are' : 'them are'} left out.`}
    </p>
  );
}

function NavigationScreen() {
  const load = useCallback(() => fetchAdminNavigation(), []);
  const { remote, reload, set } = useRemote(load, 'Could not load the menus.');
  if (remote.state === 'loading') return <PanelLoading label="Loading the menus" />;
  if (remote.state === 'error') return <LoadError message={remote.message} onRetry={() => void reload()} />;
  const navigation = remote.data;
  const common = { pages: navigation.pages, emptySections: navigation.emptySections, onSaved: set };
  return (
    <div className="flex flex-col gap-4">
      <EmptySections navigation={navigation} />
      <MenuEditor
        {...common}
        menu="header"
        items={navigation.header}
        description="The links across the top of every page and in the phone menu, in this order."
      />
      <MenuEditor
        {...common}
        menu="footer"
        items={navigation.footer}
        description="The Quick Links column of the footer, in this order."
      />
    </div>
  );
}

export default function ManageNavigation() {
  return <AdminGate>{() => <NavigationScreen />}</AdminGate>;
}
