import { useEffect, useRef } from 'react';
import { Tabs, useTabsContext } from '@chakra-ui/react';

/**
 * A Tabs.List of labelled triggers. On a phone the labels stay on one line and the strip scrolls sideways (the cut-off
 * tab shows there is more), instead of wrapping under the line's underline. The open tab is scrolled into sight.
 */
export function TabStrip({ tabs }: { tabs: { value: string; label: string }[] }) {
  const { value } = useTabsContext();
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = listRef.current;
    const open = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !open || list.scrollWidth <= list.clientWidth) return;
    const left = open.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
    if (left < list.scrollLeft || left + open.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = left + open.offsetWidth / 2 - list.clientWidth / 2; // centred
    }
  }, [value]);
  return (
    <Tabs.List
      ref={listRef}
      flexWrap={{ base: 'nowrap', md: 'wrap' }}
      overflowX={{ base: 'auto', md: 'visible' }}
      overflowY="hidden"
      css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
    >
      {tabs.map((t) => (
        <Tabs.Trigger key={t.value} value={t.value} flexShrink="0" whiteSpace="nowrap">
          {t.label}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
