import './Toggle.css';

interface ToggleProps {
  id: string;
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (next: boolean) => void;
}

/** A switch that only asks for a change; the owner decides whether `checked` follows. */
export function Toggle({ id, label, description, checked, disabled, onChange }: ToggleProps) {
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className="toggle">
      <div className="toggle__text">
        <label className="toggle__label" htmlFor={id}>
          {label}
        </label>
        {description && (
          <p className="toggle__description" id={descriptionId}>
            {description}
          </p>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={descriptionId}
        className="toggle__switch"
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="toggle__thumb" aria-hidden="true" />
      </button>
    </div>
  );
}
