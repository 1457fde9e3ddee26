import { TextField } from './TextField';

interface NewPasswordFieldsProps {
  /** The fields' ids are `<idPrefix>-new` and `<idPrefix>-confirm`. */
  idPrefix: string;
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
}

/** A new password typed twice, as a password manager recognises one (autocomplete new-password). */
export function NewPasswordFields({ idPrefix, password, confirmation, onPassword, onConfirmation }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-new`}
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        required
      />
      <TextField
        id={`${idPrefix}-confirm`}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => onConfirmation(event.target.value)}
        required
      />
    </>
  );
}
