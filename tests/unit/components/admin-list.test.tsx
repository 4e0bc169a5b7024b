import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, assert, describe, expect, it, vi } from 'vitest';
import { TOO_LARGE } from '../../../src/components/admin/company/company-rules.ts';
import { FilterSelect, SearchField } from '../../../src/components/admin/ui/FilterFields.tsx';
import { onPage, type PageAction } from '../../../src/components/admin/ui/paged-list.ts';
import { PagedListBody } from '../../../src/components/admin/ui/PagedList.tsx';
import PictureInput from '../../../src/components/admin/ui/PictureInput.tsx';
import { usePagedList } from '../../../src/components/admin/ui/use-paged-list.ts';

afterEach(() => vi.useRealTimers());

describe('SearchField', () => {
  it('asks once, with the text trimmed, when typing pauses; a cleared search clears the box', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    const { rerender } = render(
      <SearchField id="q" label="Search users" placeholder="Name" maxLength={50} value="" onSearch={onSearch} />,
    );
    act(() => {
      vi.advanceTimersByTime(300);
    });
    onSearch.mockClear();
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search users' });
    fireEvent.change(box, { target: { value: ' an' } });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    fireEvent.change(box, { target: { value: ' ann ' } });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onSearch.mock.calls).toEqual([['ann']]);
    rerender(
      <SearchField id="q" label="Search users" placeholder="Name" maxLength={50} value="ann" onSearch={onSearch} />,
    );
    rerender(
      <SearchField id="q" label="Search users" placeholder="Name" maxLength={50} value="" onSearch={onSearch} />,
    );
    expect(box.value).toBe('');
  });

  it('a select answers its raw value', () => {
    const onChange = vi.fn();
    render(
      <FilterSelect
        id="r"
        label="Role"
        value=""
        options={[
          { value: '', label: 'All roles' },
          { value: 'admin', label: 'Admin' },
        ]}
        onChange={onChange}
      />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'admin' } });
    expect(onChange).toHaveBeenCalledWith('admin');
  });
});

interface Query {
  page: number;
}
const reducer = (query: Query, action: PageAction) => onPage(query, action.page);
const TEXTS = {
  loading: 'Loading rows',
  empty: 'No rows found.',
  pager: 'Pages of rows',
  count: (n: number) => (n === 1 ? '1 row' : `${n} rows`),
};

function Rows({
  fetchPage,
}: {
  fetchPage: (query: Query) => Promise<{ results: string[]; total: number; pageSize: number }>;
}) {
  const list = usePagedList(reducer, { page: 3 }, fetchPage, 'Could not load the rows.');
  return (
    <PagedListBody list={list} texts={TEXTS}>
      {(rows) => (
        <ul>
          {rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </PagedListBody>
  );
}

describe('usePagedList and PagedListBody', () => {
  it('steps back to the last page when the asked one is past the end, and pages with Previous and Next', async () => {
    // 3 rows of 2 a page: page 3 is empty, page 2 is the last.
    const fetchPage = vi.fn(({ page }: Query) =>
      Promise.resolve({
        results: ['a', 'b', 'c'].slice((page - 1) * 2, page * 2),
        total: 3,
        pageSize: 2,
      }),
    );
    render(<Rows fetchPage={fetchPage} />);
    expect(await screen.findByText('c')).toBeTruthy();
    expect(fetchPage.mock.calls.map(([q]) => q.page)).toEqual([3, 2]);
    expect(screen.getByRole('navigation', { name: 'Pages of rows' }).textContent).toContain('3 rows');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('a')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
  });

  it('shows the empty line and a load error with a retry', async () => {
    let fail = true;
    const fetchPage = vi.fn(() => {
      if (fail) return Promise.reject(new Error('down'));
      return Promise.resolve({ results: [] as string[], total: 0, pageSize: 2 });
    });
    render(<Rows fetchPage={fetchPage} />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('No rows found.')).toBeTruthy();
    // The empty page 3 steps back to page 1, the last one.
    expect(await screen.findByText('Page 1 of 1')).toBeTruthy();
  });
});

describe('PictureInput', () => {
  function Field() {
    const [state, setState] = useState<{ file: File | null; error: string }>({ file: null, error: '' });
    return (
      <PictureInput
        id="pic"
        name="image"
        file={state.file}
        error={state.error}
        onChange={(file, error) => setState({ file, error })}
        dropLabel="Remove"
      />
    );
  }

  it('refuses a picture over 5 MB with the message, keeps a good one until it is removed', () => {
    const { container } = render(<Field />);
    const input = container.querySelector('input[type=file]');
    assert(input, 'the file input');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe(TOO_LARGE);
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    fireEvent.change(input, { target: { files: [new File(['x'], 'ok.png', { type: 'image/png' })] } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });
});
