import { ErrorBanner } from '@/components/error-banner';

/** The outcome of a page's last action; `at` keys the banner, so a repeat shows again. */
export type Notice = { tone: 'success' | 'error'; text: string; at: number } | null;

/** The page's last outcome as a dismissible banner, or nothing. */
export function NoticeBanner({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  return (
    notice && (
      <ErrorBanner key={notice.at} tone={notice.tone} error={notice.text} onDismiss={onDismiss} />
    )
  );
}
