import { useEffect, useEffectEvent, useState } from 'react';

/**
 * The text of a search box whose search is kept elsewhere (the URL). Typing shows at once; `onSearch` gets the text,
 * trimmed, `delayMs` after the last key, unless only the spaces around it changed: that is no new search, and would
 * send the list back to page 1 for nothing. A search changed under the box (Back, a shared link) shows in it.
 */
export function useSearchText(
  search: string,
  onSearch: (search: string) => void,
  delayMs: number,
): [string, (text: string) => void] {
  const [text, setText] = useState(search);
  const [shown, setShown] = useState(search);
  if (search !== shown) {
    setShown(search);
    // The box's own search coming back is in it already, perhaps with a space typed since: that stays.
    if (text.trim() !== search) setText(search);
  }
  const searchFor = useEffectEvent(onSearch);
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => searchFor(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, search, delayMs]);
  return [text, setText];
}
