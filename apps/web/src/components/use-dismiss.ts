import { type FocusEvent, type RefObject, useEffect } from 'react';

/**
 * A floating popup (a dropdown panel, a menu) closes on a click outside it or when focus leaves
 * it. Returns the blur handler for the popup's root; `enabled` false does nothing.
 */
export function useDismiss(
  rootRef: RefObject<HTMLElement | null>,
  enabled: boolean,
  onDismiss: () => void,
): (event: FocusEvent<HTMLElement>) => void {
  useEffect(() => {
    if (!enabled) return;
    const handlePointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) onDismiss();
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [rootRef, enabled, onDismiss]);

  return (event) => {
    const next = event.relatedTarget;
    if (enabled && next instanceof Node && !rootRef.current?.contains(next)) onDismiss();
  };
}
