/** Where the header's row of links starts to show, worked out from the links when the site is built. */
import { describe, expect, it } from 'vitest';
import { HEADER_ROW_BREAKPOINTS, headerRowBreakpoint } from '../../src/components/layout/nav-links.ts';

const links = (...labels: string[]) => labels.map((label) => ({ label }));
const SPEC_LINKS = links('Home', 'Shop', 'Blogs', 'Photos', 'Videos', 'Audio', 'Events');

describe('the width from which the header shows its links in a row', () => {
  it.each([
    ['no links', links(), 768],
    ['two short links', links('Home', 'Shop'), 768],
    ['four links', links('Home', 'Shop', 'Blogs', 'Events'), 768],
    ['five links', links('Home', 'Shop', 'Blogs', 'Photos', 'Events'), 896],
    ["the spec's seven links", SPEC_LINKS, 1024],
    ['the seven and a Contact link', [...SPEC_LINKS, ...links('Contact')], 1152],
    ['the seven and two more', [...SPEC_LINKS, ...links('About', 'Contact')], 1280],
  ])('%s: from %s px', (_, given, min) => {
    expect(headerRowBreakpoint(given)?.min).toBe(min);
  });

  it.each([
    ['a logo that spells the name', '', 1024],
    ['a short name beside the logo', 'Bloom', 1152],
    ["the demo's name beside the logo", 'Northwind Studio', 1152],
    [
      'a very long name, shortened rather than waited for',
      'The Very Long Name of a Family Bakery and Coffee House',
      1152,
    ],
  ])("the spec's seven links with %s: from %s px", (_, name, min) => {
    expect(headerRowBreakpoint(SPEC_LINKS, name)?.min).toBe(min);
  });

  it('puts them in the side menu at every width when they would not fit even the widest header', () => {
    expect(headerRowBreakpoint([...SPEC_LINKS, ...links('About', 'Contact', 'Pricing', 'Documents')])).toBeNull();
  });

  it('never shows the row from a narrower width when a link is added or a label grows', () => {
    const order = (point: ReturnType<typeof headerRowBreakpoint>) => (point ? point.min : Infinity);
    let menu = links();
    for (const label of ['Home', 'Shop', 'Blogs', 'Photos', 'Videos', 'Audio', 'Events', 'About', 'Contact']) {
      const longer = [...menu, { label }];
      expect(order(headerRowBreakpoint(longer))).toBeGreaterThanOrEqual(order(headerRowBreakpoint(menu)));
      menu = longer;
    }
    expect(order(headerRowBreakpoint(links('Home', 'Shop and more')))).toBeGreaterThanOrEqual(
      order(headerRowBreakpoint(links('Home', 'Shop'))),
    );
  });

  it('gives each breakpoint the classes that show the row and hide the hamburger and side menu from there on', () => {
    for (const point of HEADER_ROW_BREAKPOINTS) {
      const prefix = point.row.slice(0, point.row.indexOf(':'));
      expect(point.row).toBe(`${prefix}:block`);
      expect(point.menu).toBe(`${prefix}:hidden`);
    }
  });
});
