import './Alert.css';

/**
 * A success note in a live region that stays in the page while empty: screen readers announce a change
 * inside a region they already know, and often miss a region inserted together with its text.
 */
export function StatusNote({ text }: { text: string | null }) {
  return (
    <div role="status" className="status-note">
      {text && <div className="alert alert--success">{text}</div>}
    </div>
  );
}
