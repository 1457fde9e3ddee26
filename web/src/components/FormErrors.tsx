import { Alert } from './Alert';

export function FormErrors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert tone="error">
      {errors.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </Alert>
  );
}
