import { changeView, namesView, oneOf, readPage, readSearch, type UrlView } from './url-view';

describe('a view in the URL', () => {
  it('takes a page from 1 to the server’s million, and page 1 for anything else', () => {
    expect(readPage('4')).toBe(4);
    expect(readPage('1000000')).toBe(1_000_000);
    for (const bad of [null, '', 'abc', '-3', '0', '2.5', '1e3', ' 2', '1000001', '99999999999999999999']) {
      expect(readPage(bad)).toBe(1);
    }
  });

  it('takes a search trimmed, and at most the server’s length', () => {
    expect(readSearch('  halo ', 100)).toBe('halo');
    expect(readSearch('a'.repeat(150), 100)).toBe('a'.repeat(100));
    expect(readSearch(null, 100)).toBe('');
  });

  it('takes only a value it knows', () => {
    const values = ['', 'paid', 'unpaid'] as const;
    expect(oneOf('paid', values)).toBe('paid');
    expect(oneOf('bogus', values)).toBeUndefined();
    expect(oneOf('', values)).toBeUndefined();
    expect(oneOf(null, values)).toBeUndefined();
  });

  const VIEW: UrlView<{ status?: string; page: number }> = {
    read: (params) => ({ status: params.get('status') ?? undefined, page: readPage(params.get('page')) }),
    write: ({ status, page }) => ({ status, page: page > 1 ? String(page) : undefined }),
  };

  it('keeps the parameters of others (the page’s tab), and its own in its order after them', () => {
    const params = new URLSearchParams('page=3&tab=all-orders');
    expect(changeView(params, VIEW, { page: 4 }).toString()).toBe('tab=all-orders&page=4');
    expect(changeView(params, VIEW, { status: 'paid' }).toString()).toBe('tab=all-orders&status=paid');
    expect(changeView(params, VIEW, { page: 1 }).toString()).toBe('tab=all-orders');
  });

  it('tells a link to a view other than the default from one to the default, or with nothing the list takes', () => {
    expect(namesView(new URLSearchParams('tab=all-orders&page=2'), VIEW)).toBe(true);
    expect(namesView(new URLSearchParams('status=paid'), VIEW)).toBe(true);
    expect(namesView(new URLSearchParams('tab=all-orders&page=1'), VIEW)).toBe(false);
    expect(namesView(new URLSearchParams('page=abc'), VIEW)).toBe(false);
  });
});
