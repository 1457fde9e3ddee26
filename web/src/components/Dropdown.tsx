import { useId, useRef, useState, type ReactNode } from 'react';
import { useDismiss } from './use-dismiss';
import './Dropdown.css';

interface DropdownProps {
  /** The accessible name of the toggle button. */
  label: string;
  buttonContent: ReactNode;
  buttonClassName?: string;
  /** Receives `close` so an item can shut the panel after acting. */
  children: (close: () => void) => ReactNode;
}

/** A disclosure: a button that shows and hides a panel; Escape or a click outside closes it. */
export function Dropdown({ label, buttonContent, buttonClassName = 'icon-button', children }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  useDismiss(open, close, { container: containerRef, returnFocus: buttonRef });

  return (
    <div className="dropdown" ref={containerRef}>
      <button ref={buttonRef} type="button" className={buttonClassName} aria-label={label} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
        {buttonContent}
      </button>
      {open && (
        <div className="dropdown__panel" id={panelId}>
          {children(close)}
        </div>
      )}
    </div>
  );
}
