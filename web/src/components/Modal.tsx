import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDismiss } from './use-dismiss';
import './Modal.css';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** A roomier dialog for a form with many fields. */
  wide?: boolean;
  /** A side panel sliding in from the right (full width on a phone) instead of a centred dialog. */
  drawer?: boolean;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function isTopmost(dialog: HTMLElement | null): boolean {
  const open = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
  return dialog !== null && open[open.length - 1] === dialog;
}

/** Tab and Shift+Tab cycle inside the dialog instead of leaving it for the page behind. */
function trapFocus(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** A dialog over the page: focus moves into it and stays there, Escape or the backdrop closes it, focus returns after. */
export function Modal({ title, onClose, children, footer, wide = false, drawer = false }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    openerRef.current = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    return () => openerRef.current?.focus();
  }, []);

  // With a dialog opened from a dialog (a confirmation over a detail view), Escape closes only the top one.
  useDismiss(true, () => isTopmost(dialogRef.current) && onClose(), {});

  const classes = ['modal', wide ? 'modal--wide' : '', drawer ? 'modal--drawer' : ''].filter(Boolean).join(' ');
  return createPortal(
    <div className={drawer ? 'modal-backdrop modal-backdrop--drawer' : 'modal-backdrop'} onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className={classes} role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialogRef} tabIndex={-1} onKeyDown={trapFocus}>
        <div className="modal__header">
          <h2 className="modal__title" id={titleId}>
            {title}
          </h2>
          {/* A drawer fills a phone's screen: no backdrop is left to tap, so it carries its own close. */}
          {drawer && (
            <button type="button" className="modal__close" onClick={onClose} aria-label="Close">
              ×
            </button>
          )}
        </div>
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
