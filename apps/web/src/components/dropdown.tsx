import { type KeyboardEvent, type ReactNode, useCallback, useRef } from 'react';
import { useDismiss } from './use-dismiss';

export type DropdownProps = {
  /** Used for the panel's id. */
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button's content (its accessible name unless `buttonLabel` is given). */
  button: ReactNode;
  buttonLabel?: string;
  buttonClassName?: string;
  className?: string;
  panelClassName?: string;
  /** A floating panel: also closes on a click outside or when focus leaves it. */
  overlay?: boolean;
  children: ReactNode;
};

/** A disclosure dropdown: a button with aria-expanded and a panel; Escape closes it and returns focus. */
export function Dropdown({
  id,
  open,
  onOpenChange,
  button,
  buttonLabel,
  buttonClassName,
  className,
  panelClassName,
  overlay = false,
  children,
}: DropdownProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = `${id}-panel`;

  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  const handleBlur = useDismiss(rootRef, open && overlay, close);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    onOpenChange(false);
    buttonRef.current?.focus();
  };

  const handleClick = () => onOpenChange(!open);

  return (
    <div
      ref={rootRef}
      className={className ? `dropdown ${className}` : 'dropdown'}
      onKeyDown={handleKeyDown}
      onBlur={handleBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={buttonLabel}
        onClick={handleClick}
      >
        {button}
      </button>
      <div
        id={panelId}
        className={panelClassName ? `dropdown__panel ${panelClassName}` : 'dropdown__panel'}
        hidden={!open}
      >
        {children}
      </div>
    </div>
  );
}
