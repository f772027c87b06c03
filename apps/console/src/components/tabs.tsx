import type { ReactNode } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';

/**
 * The console's one set of tabs (Radix: a tablist, arrow keys move between tabs, Home and End
 * jump, each panel labelled by its tab). The chosen tab is the caller's (kept in the URL, so a
 * link opens the same tab).
 */
export function Tabs({
  label,
  value,
  onValueChange,
  tabs,
}: {
  /** What the tabs choose between, for screen readers. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  tabs: { value: string; title: string; content: ReactNode }[];
}) {
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange} className="tabs">
      <RadixTabs.List aria-label={label} className="tab-list">
        {tabs.map((t) => (
          <RadixTabs.Trigger key={t.value} value={t.value} className="tab">
            {t.title}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((t) => (
        <RadixTabs.Content key={t.value} value={t.value} className="tab-panel">
          {t.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
