import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Tabs, useTabsContext } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { scrollBehavior } from '../lib/motion';
import { INSIDE_FOCUS_RING } from '../lib/focus-ring';

/** The room the arrow over an edge takes (its icon and padding): no label shows under it. */
const ARROW = '24px';
/** How wide the fade beside the arrow is. */
const FADE = '24px';

/**
 * A mask that hides the strip under the arrow at each edge that has tabs beyond it and fades it out beside the arrow,
 * so a phone user sees it scrolls, and no label is read through the arrow.
 */
function edgeMask(before: boolean, after: boolean): string | undefined {
  if (!before && !after) return undefined;
  const stops = [
    before ? `transparent 0, transparent ${ARROW}, black calc(${ARROW} + ${FADE})` : 'black 0',
    after ? `black calc(100% - ${ARROW} - ${FADE}), transparent calc(100% - ${ARROW}), transparent 100%` : 'black 100%',
  ];
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

/**
 * An arrow over an edge of the strip with tabs beyond it: says there is more, and a tap brings it into sight. Hidden
 * from screen readers and the keyboard, which reach every tab anyway (Tab, then the arrow keys).
 */
function MoreTabs({ side, onClick }: { side: 'before' | 'after'; onClick: () => void }) {
  return (
    <Box
      aria-hidden
      data-testid={`more-tabs-${side}`}
      onClick={onClick}
      position="absolute"
      top="0"
      bottom="0"
      {...(side === 'before' ? { left: '0' } : { right: '0' })}
      display="flex"
      alignItems="center"
      justifyContent="center"
      w={ARROW}
      color="fg.muted"
      cursor="pointer"
    >
      {side === 'before' ? <LuChevronLeft /> : <LuChevronRight />}
    </Box>
  );
}

/**
 * A Tabs.List of labelled triggers. On a phone the labels stay on one line and the strip scrolls sideways instead of
 * wrapping under the line's underline; an edge with more tabs beyond it fades out under an arrow, to show there is
 * more. The open tab is scrolled into sight.
 */
export function TabStrip({ tabs }: { tabs: { value: string; label: string }[] }) {
  const { value } = useTabsContext();
  const listRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const before = list.scrollLeft > 1;
    const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setMore((m) => (m.before === before && m.after === after ? m : { before, after }));
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [measure]);

  useEffect(() => {
    const list = listRef.current;
    const open = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !open || list.scrollWidth <= list.clientWidth) return;
    const left = open.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
    if (left < list.scrollLeft || left + open.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = left + open.offsetWidth / 2 - list.clientWidth / 2; // centred
    }
  }, [value]);

  const mask = edgeMask(more.before, more.after);
  const page = (direction: 1 | -1) => {
    const list = listRef.current;
    list?.scrollTo({ left: list.scrollLeft + (direction * list.clientWidth) / 2, behavior: scrollBehavior() });
  };
  return (
    <Box position="relative">
      <Tabs.List
        ref={listRef}
        onScroll={measure}
        data-more-before={more.before || undefined}
        data-more-after={more.after || undefined}
        flexWrap={{ base: 'nowrap', md: 'wrap' }}
        overflowX={{ base: 'auto', md: 'visible' }}
        overflowY="hidden"
        css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' }, maskImage: mask }}
      >
        {tabs.map((t) => (
          // The strip clips what leaves it above and below (overflowY hidden, for the phone scroll).
          <Tabs.Trigger
            key={t.value}
            value={t.value}
            flexShrink="0"
            whiteSpace="nowrap"
            _focusVisible={INSIDE_FOCUS_RING}
          >
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {more.before && <MoreTabs side="before" onClick={() => page(-1)} />}
      {more.after && <MoreTabs side="after" onClick={() => page(1)} />}
    </Box>
  );
}
