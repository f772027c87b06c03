import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal } from 'lucide-react';

export type MenuItem = {
  label: string;
  onSelect: () => void;
  /** Ends or takes away something (shown in red). */
  danger?: boolean;
  disabled?: boolean;
};

/**
 * A row's less frequent actions behind one button (Radix: arrow keys move, typing jumps to an
 * item, Escape closes and focus returns to the button). The row's main action stays a button of
 * its own beside it; a row with nothing to offer shows no menu.
 */
export function RowMenu({ label, items }: { label: string; items: MenuItem[] }) {
  if (items.length === 0) return null;
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger className="icon-button menu-trigger" aria-label={label}>
        <MoreHorizontal size={16} aria-hidden="true" />
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className="menu" align="end" sideOffset={4} loop>
          {items.map((item) => (
            <RadixMenu.Item
              key={item.label}
              className={item.danger ? 'menu-item danger' : 'menu-item'}
              disabled={item.disabled}
              onSelect={item.onSelect}
            >
              {item.label}
            </RadixMenu.Item>
          ))}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}
