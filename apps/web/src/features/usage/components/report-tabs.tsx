import { type KeyboardEvent, useRef } from 'react';
import type { UsageTab, UsageTabInfo } from '../utils/selection';

export type ReportTabsProps = {
  tabs: readonly UsageTabInfo[];
  selected: UsageTab;
  /** The id of each tab's button (the panel is labelled by the selected one). */
  tabId: (tab: UsageTab) => string;
  panelId: string;
  onSelect: (tab: UsageTab) => void;
  /** A pointer or focus on a tab: a hint to start loading what it needs. */
  onIntent?: (tab: UsageTabInfo) => void;
};

/**
 * The report tabs (WAI-ARIA tabs, manual activation): one tab stop; the arrow keys, Home and End
 * move between tabs, Enter or Space opens one. Opening a report loads data over a slow link, so
 * moving along the tabs does not.
 */
export function ReportTabs({
  tabs,
  selected,
  tabId,
  panelId,
  onSelect,
  onIntent,
}: ReportTabsProps) {
  const buttons = useRef(new Map<UsageTab, HTMLButtonElement>());

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (tab) buttons.current.get(tab.id)?.focus();
  };

  return (
    <div className="report-tabs" role="tablist" aria-label="Usage reports">
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          ref={(element) => {
            if (element) buttons.current.set(tab.id, element);
            else buttons.current.delete(tab.id);
          }}
          type="button"
          role="tab"
          id={tabId(tab.id)}
          className="report-tabs__tab"
          aria-selected={tab.id === selected}
          aria-controls={panelId}
          tabIndex={tab.id === selected ? 0 : -1}
          onClick={() => onSelect(tab.id)}
          onKeyDown={(event) => handleKeyDown(event, index)}
          onPointerEnter={() => onIntent?.(tab)}
          onFocus={() => onIntent?.(tab)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
