import { act, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider, Tabs } from '@chakra-ui/react';
import { system } from '../app/theme';
import { TabStrip } from './TabStrip';

const TABS = ['Profile Details', 'Change Password', 'Order History', 'All orders'].map((label) => ({
  value: label,
  label,
}));

/** The strip, laid out as on a 375 px phone: 476 px of tabs in a 343 px window (jsdom lays nothing out). */
async function renderStrip() {
  render(
    <ChakraProvider value={system}>
      <Tabs.Root defaultValue="Profile Details">
        <TabStrip tabs={TABS} />
      </Tabs.Root>
    </ChakraProvider>,
  );
  await act(() => new Promise((settled) => requestAnimationFrame(settled))); // the tabs' first frame (Zag syncs then)
  const list = screen.getByRole('tablist');
  Object.defineProperty(list, 'scrollWidth', { configurable: true, value: 476 });
  Object.defineProperty(list, 'clientWidth', { configurable: true, value: 343 });
  const scrollTo = (left: number) => {
    list.scrollLeft = left;
    fireEvent.scroll(list);
  };
  const more = () => ({ before: list.hasAttribute('data-more-before'), after: list.hasAttribute('data-more-after') });
  return { list, scrollTo, more };
}

describe('TabStrip', () => {
  it('fades an edge only while there are tabs beyond it, so a phone user sees the strip scrolls', async () => {
    const { scrollTo, more } = await renderStrip();
    expect(more()).toEqual({ before: false, after: false }); // all in sight (nothing laid out yet)
    scrollTo(0);
    expect(more()).toEqual({ before: false, after: true });
    scrollTo(60);
    expect(more()).toEqual({ before: true, after: true });
    scrollTo(133); // the end: 133 + 343 = 476
    expect(more()).toEqual({ before: true, after: false });
  });

  it('puts an arrow over each edge with tabs beyond it; a tap on it scrolls half the strip that way', async () => {
    const { list, scrollTo } = await renderStrip();
    const arrows = () => ({
      before: screen.queryByTestId('more-tabs-before') !== null,
      after: screen.queryByTestId('more-tabs-after') !== null,
    });
    const scrolled = jest.fn();
    list.scrollTo = scrolled as typeof list.scrollTo;
    scrollTo(0);
    expect(arrows()).toEqual({ before: false, after: true });
    fireEvent.click(screen.getByTestId('more-tabs-after'));
    expect(scrolled).toHaveBeenLastCalledWith({ left: 171.5, behavior: 'smooth' });
    scrollTo(133);
    expect(arrows()).toEqual({ before: true, after: false });
    fireEvent.click(screen.getByTestId('more-tabs-before'));
    expect(scrolled).toHaveBeenLastCalledWith({ left: 133 - 171.5, behavior: 'smooth' });
    // Not for screen readers: the tabs themselves are all in the tab list.
    expect(screen.getByTestId('more-tabs-before')).toHaveAttribute('aria-hidden', 'true');
  });
});
