/** The Update Company screen's Home page list: show or hide a section, move it, and the form value it keeps. */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { changedValues, formValues, HOME_SECTIONS_FIELD } from '../../../src/components/admin/company/company-rules.ts';
import HomeSectionsEditor from '../../../src/components/admin/company/HomeSectionsEditor.tsx';
import { withCompanyDefaults } from '../../../src/shared/company.ts';
import { DEFAULT_HOME_SECTIONS, type HomeSectionSetting } from '../../../src/shared/home-layout.ts';

let latest: HomeSectionSetting[] = [];

function Harness() {
  const [sections, setSections] = useState<HomeSectionSetting[]>([...DEFAULT_HOME_SECTIONS]);
  const change = (next: HomeSectionSetting[]) => {
    latest = next;
    setSections(next);
  };
  return <HomeSectionsEditor sections={sections} onChange={change} error="" />;
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Home page sections, top to bottom' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('data-section'));

describe('HomeSectionsEditor', () => {
  it('lists every section in order, the first one unable to move up and the last unable to move down', () => {
    render(<Harness />);
    expect(rows()).toEqual(['hero', 'featured', 'products', 'posts', 'events', 'story', 'newsletter']);
    expect(screen.getByRole('button', { name: 'Move Hero slider up' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move Newsletter sign-up down' }).hasAttribute('disabled')).toBe(true);
    for (const box of screen.getAllByRole<HTMLInputElement>('checkbox')) expect(box.checked).toBe(true);
  });

  it('moves a section, says so, and keeps the focus on an arrow of the moved section', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Move Brand story up' }));
    expect(rows().slice(3, 6)).toEqual(['posts', 'story', 'events']);
    expect(screen.getByText('Brand story moved to position 5 of 7.').getAttribute('aria-live')).toBe('polite');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Brand story up' }));

    // Down to the bottom: the down arrow is then disabled, so the focus goes to the up arrow.
    fireEvent.click(screen.getByRole('button', { name: 'Move Featured / For You down' }));
    for (let i = 0; i < 4; i += 1)
      fireEvent.click(screen.getByRole('button', { name: 'Move Featured / For You down' }));
    expect(rows().at(-1)).toBe('featured');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Featured / For You up' }));
  });

  it('hides and shows a section with its checkbox', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Upcoming events' }));
    expect(latest.find((s) => s.section === 'events')?.visible).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Upcoming events' }));
    expect(latest).toEqual(DEFAULT_HOME_SECTIONS);
  });
});

describe('the Home page form value', () => {
  it('is the JSON text of the list, sent only when the order or a checkbox changed', () => {
    const initial = formValues(withCompanyDefaults(null));
    expect(JSON.parse(initial[HOME_SECTIONS_FIELD] ?? '')).toEqual(DEFAULT_HOME_SECTIONS);
    expect(
      changedValues(initial, { ...initial, [HOME_SECTIONS_FIELD]: JSON.stringify(DEFAULT_HOME_SECTIONS) }),
    ).toEqual({});
    const hidden = DEFAULT_HOME_SECTIONS.map((s) => ({ ...s, visible: s.section !== 'hero' }));
    expect(changedValues(initial, { ...initial, [HOME_SECTIONS_FIELD]: JSON.stringify(hidden) })).toEqual({
      [HOME_SECTIONS_FIELD]: JSON.stringify(hidden),
    });
  });
});
