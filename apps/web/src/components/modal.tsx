import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { isNativePlatform } from '@/lib/platform';
import { CloseIcon } from './icons';

/**
 * The one Modal/Wizard primitive (docs ARCHITECTURE section 6, spec 1 section 4 "Multi-step
 * modals"): a current step and a saving status (0 idle, 1 processing, 2 success); closing is
 * blocked while processing and resets every field and error. A native <dialog> opened with
 * showModal(): the rest of the page is inert, Escape is a close request, focus moves in, stays in
 * and returns to the opener. On ios/android it is a bottom sheet that can be dragged closed.
 */

export type SavingStatus = 0 | 1 | 2;

export const savingStatus = { idle: 0, processing: 1, success: 2 } as const;

export type ModalProps = {
  open: boolean;
  title: ReactNode;
  /**
   * The user asks to close (Escape, the close button, the backdrop, dragging the sheet down).
   * Leave it out for a modal that cannot be dismissed (a forced step): it then has no close button.
   */
  onClose?: () => void;
  /** Called whenever the modal closes by request, before onClose: clear the wizard's state here. */
  onReset?: () => void;
  /** While 1 (processing) the modal cannot be closed. */
  status?: SavingStatus;
  /** The current step (1-based) of `stepCount`; shown as 'Step 2 of 3' when there is more than one. */
  step?: number;
  stepCount?: number;
  /**
   * Where focus goes when the modal opens: this element, else the title when `initialFocus` is
   * 'title' (content to read first), else the first [data-autofocus] element, else the first
   * control of the content, else the first control (the close button).
   */
  initialFocusRef?: RefObject<HTMLElement | null>;
  initialFocus?: 'control' | 'title';
  /** Buttons under the content (kept visible while the content scrolls). */
  footer?: ReactNode;
  /**
   * A result dialog's outcome, shown by the title's colour (the title says it in words): the body
   * need not repeat the title.
   */
  tone?: 'success' | 'danger' | 'warning';
  className?: string;
  children: ReactNode;
};

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** Dragging the sheet down this far (px) closes it. */
export const SHEET_CLOSE_DRAG_PX = 96;

/**
 * The bottom sheet's drag rule (spec 1 section 2 "draggable closed unless a save is in progress"):
 * while saving the sheet does not move at all; otherwise it follows the finger down (never up)
 * and closes when let go at SHEET_CLOSE_DRAG_PX or more.
 */
export function sheetDrag(distance: number, saving: boolean): { offset: number; closes: boolean } {
  if (saving) return { offset: 0, closes: false };
  const offset = Math.max(0, distance);
  return { offset, closes: offset >= SHEET_CLOSE_DRAG_PX };
}

function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[hidden], [inert]'),
  );
}

export function Modal(props: ModalProps) {
  // Closed: nothing is rendered, so every field and error inside starts afresh next time.
  if (!props.open) return null;
  return createPortal(<OpenModal {...props} />, document.body);
}

function OpenModal({
  title,
  onClose,
  onReset,
  status = savingStatus.idle,
  step,
  stepCount,
  initialFocusRef,
  initialFocus = 'control',
  footer,
  tone,
  className,
  children,
}: ModalProps) {
  const ids = useId();
  const titleId = `${ids}-title`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const sheet = isNativePlatform();
  const dismissible = onClose !== undefined;
  const saving = status === savingStatus.processing;

  // A body that scrolls with nothing in it to focus (a long review on a small screen) takes focus
  // itself, so a keyboard can scroll it (axe: scrollable-region-focusable).
  const [scrollOnly, setScrollOnly] = useState(false);
  const checkScroll = useCallback(() => {
    const body = bodyRef.current;
    if (!body) return;
    setScrollOnly(body.scrollHeight > body.clientHeight + 1 && focusableIn(body).length === 0);
  }, []);
  useLayoutEffect(checkScroll);
  useLayoutEffect(() => {
    window.addEventListener('resize', checkScroll);
    return () => window.removeEventListener('resize', checkScroll);
  }, [checkScroll]);

  // Event listeners see the latest props without being attached again.
  const latest = useRef({ onClose, onReset, saving });
  useLayoutEffect(() => {
    latest.current = { onClose, onReset, saving };
  });

  /** Closes when allowed; returns whether it did. */
  const requestClose = useCallback((): boolean => {
    const { onClose: close, onReset: reset, saving: busy } = latest.current;
    if (!close || busy) return false;
    reset?.();
    close();
    return true;
  }, []);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let unmounting = false;

    if (!dialog.open) dialog.showModal();
    const target =
      initialFocusRef?.current ??
      (initialFocus === 'title' ? document.getElementById(titleId) : null) ??
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      focusableIn(bodyRef.current ?? dialog)[0] ??
      focusableIn(dialog)[0] ??
      dialog;
    target.focus();

    // Close requests that are not a key press here (Android back, a second Escape in Chrome).
    const handleCancel = (event: Event) => {
      event.preventDefault();
      requestClose();
    };
    // The browser closed it anyway: open it again unless the close was allowed.
    const handleClose = () => {
      if (unmounting || requestClose()) return;
      if (dialog.isConnected && !dialog.open) dialog.showModal();
    };
    dialog.addEventListener('cancel', handleCancel);
    dialog.addEventListener('close', handleClose);
    return () => {
      unmounting = true;
      dialog.removeEventListener('cancel', handleCancel);
      dialog.removeEventListener('close', handleClose);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
    // Runs once per opening: the modal mounts when it opens and unmounts when it closes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Handled here, not by the browser: a forced or saving modal stays open.
      event.preventDefault();
      event.stopPropagation();
      requestClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const focusable = focusableIn(dialog);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    // Shift+Tab from the first control, the title or the dialog itself wraps to the last control.
    const index = active instanceof HTMLElement ? focusable.indexOf(active) : -1;
    if (event.shiftKey && index <= 0) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A click on the dialog element itself is a click on the backdrop (the content fills the box).
  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) requestClose();
  };

  // ---- bottom sheet: drag the handle down to close
  const dragStart = useRef<number | null>(null);
  const [dragY, setDragY] = useState(0);

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // No text selection (or a drag of selected text, which would end the pointer's events).
    event.preventDefault();
    // While saving the sheet stays put: nothing to drag.
    if (latest.current.saving) return;
    dragStart.current = event.clientY;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragStart.current === null) return;
    setDragY(sheetDrag(event.clientY - dragStart.current, latest.current.saving).offset);
  };
  const handlePointerEnd = () => {
    if (dragStart.current === null) return;
    dragStart.current = null;
    const closed = sheetDrag(dragY, latest.current.saving).closes && requestClose();
    if (!closed) setDragY(0);
  };

  const classes = ['modal', sheet ? 'modal--sheet' : '', className ?? ''].filter(Boolean).join(' ');

  return (
    <dialog
      ref={dialogRef}
      className={classes}
      aria-labelledby={titleId}
      aria-modal="true"
      aria-busy={saving || undefined}
      data-status={status}
      style={dragY > 0 ? { transform: `translateY(${dragY}px)` } : undefined}
      onKeyDown={handleKeyDown}
      onClick={handleClick}
    >
      <div className="modal__inner">
        {sheet && dismissible && (
          <div
            className="modal__handle"
            aria-hidden="true"
            data-testid="sheet-handle"
            data-locked={saving || undefined}
            onPointerDown={handlePointerDown}
            onPointerMove={handlePointerMove}
            onPointerUp={handlePointerEnd}
            onPointerCancel={handlePointerEnd}
          />
        )}
        <div className={tone ? `modal__header modal__header--${tone}` : 'modal__header'}>
          <div>
            {step !== undefined && stepCount !== undefined && stepCount > 1 && (
              <p className="modal__step">
                Step {step} of {stepCount}
              </p>
            )}
            <h2 id={titleId} className="modal__title" tabIndex={-1}>
              {title}
            </h2>
          </div>
          {dismissible && (
            <button
              type="button"
              className="icon-button modal__close"
              aria-label="Close"
              aria-disabled={saving || undefined}
              onClick={requestClose}
            >
              <CloseIcon />
            </button>
          )}
        </div>
        <div
          ref={bodyRef}
          className="modal__body"
          {...(scrollOnly ? { tabIndex: 0, role: 'region', 'aria-labelledby': titleId } : {})}
        >
          {children}
        </div>
        {footer !== undefined && <div className="modal__footer">{footer}</div>}
      </div>
    </dialog>
  );
}
