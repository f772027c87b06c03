import { Dropdown } from '@/components/dropdown';
import { BellIcon } from '@/components/icons';

export type AlertsMenuProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The Alerts dropdown (needs view-alerts). Alerts themselves arrive with the alerts issue. */
export function AlertsMenu({ open, onOpenChange }: AlertsMenuProps) {
  const count = 0;
  return (
    <Dropdown
      id="alerts"
      className="header-dropdown alerts-menu"
      buttonClassName="header-button header-button--icon"
      panelClassName="header-dropdown__panel"
      overlay
      open={open}
      onOpenChange={onOpenChange}
      button={
        <>
          <BellIcon />
          <span className="visually-hidden">Alerts, {count} unread</span>
          <span className={count === 0 ? 'badge badge--empty' : 'badge'} aria-hidden="true">
            {count}
          </span>
        </>
      }
    >
      <h2 className="dropdown-heading">Alerts</h2>
      <p className="empty-state">You&apos;ve caught up</p>
    </Dropdown>
  );
}
