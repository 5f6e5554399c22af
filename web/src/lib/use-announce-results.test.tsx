import { act, renderHook, waitFor } from '@testing-library/react';
import { resultsText, useAnnounceResults, type ResultsShown } from './use-announce-results';
import { forgetSpoken, spoken } from '../test/spoken';

const orders = { one: 'order', many: 'orders' };

describe('resultsText', () => {
  it('counts the results, with the page when there are more pages than one', () => {
    expect(resultsText({ rows: 5, page: 2, totalPages: 3, total: 12 }, orders)).toBe('12 orders, page 2 of 3');
    expect(resultsText({ rows: 1, page: 1, totalPages: 1, total: 1 }, orders)).toBe('1 order');
    expect(resultsText({ rows: 0, page: 1, totalPages: 1, total: 0 }, orders)).toBe('0 orders');
  });

  it('counts the rows of a single page without a total, and says only the page of one among several', () => {
    expect(resultsText({ rows: 3, page: 1, totalPages: 1 }, orders)).toBe('3 orders');
    expect(resultsText({ rows: 0, page: 1, totalPages: 0 }, orders)).toBe('0 orders');
    expect(resultsText({ rows: 5, page: 2, totalPages: 4 }, orders)).toBe('Page 2 of 4');
  });
});

describe('useAnnounceResults', () => {
  beforeEach(() => forgetSpoken());
  /** What was said once an announcement would have been (zag's region writes a moment later). */
  const saidBy = async () => {
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    return spoken();
  };

  it('says a new view once it has loaded; not the first one, nor the same view read again', async () => {
    const page = (n: number, total: number): ResultsShown => ({ rows: 5, page: n, totalPages: 3, total });
    const { rerender } = renderHook(({ view, shown }) => useAnnounceResults(view, shown, orders), {
      initialProps: { view: 'p1', shown: page(1, 12) as ResultsShown | undefined },
    });
    expect(await saidBy()).toBe(''); // the arrival is read with the page
    rerender({ view: 'p2', shown: undefined }); // asked for, still loading
    expect(await saidBy()).toBe('');
    rerender({ view: 'p2', shown: page(2, 12) });
    await waitFor(() => expect(spoken()).toBe('12 orders, page 2 of 3'));
    forgetSpoken();
    rerender({ view: 'p2', shown: page(2, 11) }); // read again after a cancel: the cancel says its own
    expect(await saidBy()).toBe('');
  });

  /** The hook in a list whose views are pages: `page(n, rows, totalPages)` is page n as loaded. */
  const renderPages = () => {
    const hook = renderHook(({ view, shown }) => useAnnounceResults(view, shown, orders), {
      initialProps: { view: '', shown: undefined as ResultsShown | undefined },
    });
    return (n: number, rows: number, totalPages: number) =>
      hook.rerender({ view: `p${n}`, shown: { rows, page: n, totalPages } });
  };

  it("does not cut off an action's own announcement when it took the last row of a page: the page before is not said", async () => {
    const show = renderPages();
    show(1, 5, 2); // arrival
    show(2, 1, 2); // Next
    await waitFor(() => expect(spoken()).toBe('Page 2 of 2'));
    forgetSpoken();
    show(2, 0, 1); // read again after a cancel took its one row: past the end now
    show(1, 5, 1); // the list's last page in its place
    expect(await saidBy()).toBe('');
  });

  it('says the page a list goes back to after Next onto a page gone meanwhile; neither on arrival past the end', async () => {
    const show = renderPages();
    show(1, 5, 3);
    show(3, 0, 2); // asked for, gone meanwhile
    expect(await saidBy()).toBe('');
    show(2, 5, 2);
    await waitFor(() => expect(spoken()).toBe('Page 2 of 2'));

    forgetSpoken();
    const arrival = renderPages();
    arrival(5, 0, 2); // a link past the end
    arrival(2, 5, 2);
    expect(await saidBy()).toBe('');
  });
});
