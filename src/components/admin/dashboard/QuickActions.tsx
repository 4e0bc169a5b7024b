/** Shortcuts to the admin tasks done most often, those the signed-in role includes. */
import { can, screenPermission, type Role } from '../../../shared/staff-roles.ts';
import { Panel } from './Panel.tsx';

const ACTIONS = [
  { href: '/admin/add-slider', label: 'Add Slider', hint: 'A new slide for the home hero' },
  { href: '/admin/edit-hero', label: 'Edit Sliders', hint: 'Change, reorder or hide slides' },
  { href: '/admin/update-company', label: 'Update Company', hint: 'Name, logos, contact and SEO' },
  { href: '/admin/theme-settings', label: 'Theme Settings', hint: 'Colours, radii and blur' },
  { href: '/admin/content', label: 'Content', hint: 'Posts, pictures, videos and audio' },
  { href: '/admin/manage-products', label: 'Products', hint: 'Prices, stock and pictures' },
  { href: '/admin/orders', label: 'Orders', hint: 'Track and update orders' },
  { href: '/admin/messages', label: 'Messages', hint: 'Answer visitors' },
  { href: '/admin/comments', label: 'Comments', hint: 'Approve, reply or block' },
] as const;

/** Four shortcuts at most: an admin's are the spec's four. */
const SHOWN = 4;

export default function QuickActions({ role }: { role: Role }) {
  const actions = ACTIONS.filter((action) => can(role, screenPermission(action.href))).slice(0, SHOWN);
  if (actions.length === 0) return null;
  return (
    <Panel title="Quick Actions" id="quick-actions">
      <ul className="m-0 grid list-none grid-cols-1 gap-3 p-0 sm:grid-cols-2">
        {actions.map((action) => (
          <li key={action.href}>
            <a
              href={action.href}
              className="group flex h-full flex-col rounded-lg border border-gray-200 px-4 py-3 no-underline transition-colors hover:border-[var(--color-primary)] hover:bg-black/[0.03] dark:border-white/10 dark:hover:bg-white/5"
            >
              <span className="font-semibold text-[var(--color-primary-ink)]">{action.label}</span>
              <span className="text-sm text-gray-600 dark:text-gray-400">{action.hint}</span>
            </a>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
