import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Closes an open menu or dialog on Escape (handing focus back to the element that opened it)
 * and, for menus, on a click outside `container`.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  { container, returnFocus }: { container?: RefObject<HTMLElement | null>; returnFocus?: RefObject<HTMLElement | null> },
) {
  // The listeners stay subscribed across renders, so they read the latest close through a ref,
  // refreshed after each commit (a ref written during render is not safe under concurrent rendering).
  const closeRef = useRef(close);
  useLayoutEffect(() => {
    closeRef.current = close;
  });

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeRef.current();
      returnFocus?.current?.focus();
    };
    const onPointer = (event: MouseEvent) => {
      if (container?.current && !container.current.contains(event.target as Node)) closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open, container, returnFocus]);
}
