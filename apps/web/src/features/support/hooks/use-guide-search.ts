import { GUIDE_SEARCH_DELAY_MS, guideSearchKeyword } from '@outpost/domain/guides-rules';
import { useEffect, useState } from 'react';

/**
 * The search box's text and the keyword to send (spec 3 sections 5 and 9): the keyword follows
 * the text 500 ms after the last keystroke, and only when longer than 2 characters; shorter text
 * (a cleared box) goes back to the whole list.
 */
export function useGuideSearch(initial = '') {
  const [text, setText] = useState(initial);
  const [keyword, setKeyword] = useState(() => guideSearchKeyword(initial));
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(guideSearchKeyword(text)), GUIDE_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return { text, setText, keyword };
}
