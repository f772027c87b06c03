import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { ChevronDownIcon } from './icons';
import { useDismiss } from './use-dismiss';

export type MenuButtonProps = {
  /** The button's content (its accessible name). */
  label: ReactNode;
  /** The menu's items: links or buttons with role="menuitem" and tabIndex -1. */
  children: ReactNode;
  className?: string;
};

const ITEM = '[role="menuitem"]';

/**
 * A menu button (WAI-ARIA menu button pattern): the button has aria-haspopup and aria-expanded;
 * Enter, Space or Down Arrow opens the menu on its first item, Up Arrow on its last; in the menu the
 * arrow keys, Home and End move, Escape closes it and returns focus to the button, Tab closes it.
 * Choosing an item closes the menu and leaves focus on the button (where a dialog it opens returns
 * focus when it closes).
 */
export function MenuButton({ label, children, className }: MenuButtonProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])];

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusOnOpen.current === 'last' ? list.at(-1) : list[0])?.focus();
  }, [open]);
  const dismiss = useCallback(() => setOpen(false), []);
  const handleBlur = useDismiss(rootRef, open, dismiss);

  const openAt = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const handleButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const handleMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.findIndex((item) => item === document.activeElement);
    const last = list.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: index >= last ? 0 : index + 1,
      ArrowUp: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      list[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const handleMenuClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest(ITEM)) close();
  };

  return (
    <div
      ref={rootRef}
      className={className ? `menu-button ${className}` : 'menu-button'}
      onBlur={handleBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        className="button button--small menu-button__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => (open ? setOpen(false) : openAt('first'))}
        onKeyDown={handleButtonKeyDown}
      >
        {label}
        <ChevronDownIcon className="menu-button__chevron" />
      </button>
      {/* The menu's keys and clicks are handled here for its items (they hold the focus). */}
      <div
        ref={menuRef}
        id={`${id}-menu`}
        role="menu"
        aria-labelledby={`${id}-button`}
        className="menu-button__menu"
        hidden={!open}
        onKeyDown={handleMenuKeyDown}
        onClick={handleMenuClick}
      >
        {children}
      </div>
    </div>
  );
}
