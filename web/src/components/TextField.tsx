import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface FieldParts {
  id: string;
  label: ReactNode;
  /** A hint under the control, which the control names as its description (its id is `<id>-hint`). */
  hint?: ReactNode;
  /** Anything else under the control, not tied to it. */
  after?: ReactNode;
}

type InputField = FieldParts & { as?: 'input' } & InputHTMLAttributes<HTMLInputElement>;
type TextareaField = FieldParts & { as: 'textarea' } & TextareaHTMLAttributes<HTMLTextAreaElement>;
type SelectField = FieldParts & { as: 'select' } & SelectHTMLAttributes<HTMLSelectElement>;

export type TextFieldProps = InputField | TextareaField | SelectField;

/** A labelled form control (an input unless `as` says textarea or select), with its optional hint. */
export function TextField(props: TextFieldProps) {
  const { id, label, hint, after } = props;
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control(props, hintId)}
      {hint !== undefined && (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
      {after}
    </div>
  );
}

function control(props: TextFieldProps, hintId: string | undefined): ReactNode {
  if (props.as === 'textarea') {
    const { id, label: _label, hint: _hint, after: _after, as: _as, ...attributes } = props;
    return <textarea id={id} aria-describedby={hintId} {...attributes} />;
  }
  if (props.as === 'select') {
    const { id, label: _label, hint: _hint, after: _after, as: _as, ...attributes } = props;
    return <select id={id} aria-describedby={hintId} {...attributes} />;
  }
  const { id, label: _label, hint: _hint, after: _after, as: _as, ...attributes } = props;
  return <input id={id} aria-describedby={hintId} {...attributes} />;
}
