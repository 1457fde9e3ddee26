import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { FormErrors } from '../../components/FormErrors';
import { TextField } from '../../components/TextField';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { emailProblems } from '../../lib/account-forms';
import { useForgotPasswordMutation } from './api';
import { AuthFrame } from './AuthFrame';

/** 'Forgot password?': the address to mail a reset link to. The answer reads the same for any address. */
export default function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [sent, setSent] = useState<string | null>(null);
  const [requestReset, { isLoading }] = useForgotPasswordMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = emailProblems(email);
    setErrors(problems);
    setSent(null);
    if (problems.length > 0) return;
    try {
      setSent((await requestReset({ email: email.trim() }).unwrap()).detail);
    } catch (error) {
      setErrors([errorMessage(error, 'Failed to send the reset link. Please try again.')]);
    }
  };

  return (
    <AuthFrame titleId="forgot-title">
      <h1 className="auth__title" id="forgot-title">
        Forgot your password?
      </h1>
      <p className="auth__subtitle">Enter the email you signed up with and we&apos;ll send you a link to choose a new one.</p>
      {sent && <Alert tone="success">{sent}</Alert>}
      <FormErrors errors={errors} />
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField id="forgot-email" label="Email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
        <Button type="submit" block disabled={isLoading}>
          {isLoading ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <p className="auth__switch">
        Remembered it? <Link to={paths.auth}>Back to sign in</Link>
      </p>
    </AuthFrame>
  );
}
