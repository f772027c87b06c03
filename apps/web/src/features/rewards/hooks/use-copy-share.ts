import { useEffect, useRef, useState } from 'react';

/** What was last done, for the button's label and the announcement. */
export type CopyShareResult = { what: 'code' | 'link'; outcome: 'copied' | 'shared' | 'failed' };

const RESET_MS = 3000;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copy the referral code or share the link: the share sheet where the device has one
 * (navigator.share), else the link is copied. The result shows on the button for a few seconds
 * and is announced once (the page's status region reads `message`).
 */
export function useCopyShare() {
  const [result, setResult] = useState<CopyShareResult | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: CopyShareResult) => {
    clearTimeout(timer.current);
    setResult(next);
    timer.current = setTimeout(() => setResult(null), RESET_MS);
  };

  const handleCopyCode = async (code: string) => {
    show({ what: 'code', outcome: (await copyText(code)) ? 'copied' : 'failed' });
  };

  const handleShare = async (share: { title: string; text: string; url: string }) => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share(share);
        show({ what: 'link', outcome: 'shared' });
        return;
      } catch (error) {
        // The person closed the share sheet: nothing to say.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    show({ what: 'link', outcome: (await copyText(share.url)) ? 'copied' : 'failed' });
  };

  return { result, handleCopyCode, handleShare };
}

/** The sentence a screen reader hears after a copy or share. */
export function copyShareMessage(result: CopyShareResult | null): string {
  if (!result) return '';
  const thing = result.what === 'code' ? 'Referral code' : 'Share link';
  if (result.outcome === 'copied') return `${thing} copied.`;
  if (result.outcome === 'shared') return 'Shared.';
  return `${thing} could not be copied: select it and copy it yourself.`;
}
