import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { FormErrors } from '../../components/FormErrors';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { errorMessage, hasStatus } from '../../lib/api-error';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { selectCurrentUser } from '../../lib/session';
import { useResetPasswordMutation } from '../../lib/session-api';
import { newPasswordProblems } from '../../lib/account-forms';
import { AuthFrame } from './AuthFrame';

/**
 * The reset link's screen (/reset-password?token=): the new password twice. Saving it signs the broker
 * in here and out everywhere else, then opens the dashboard.
 */
export default function ResetPasswordScreen() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectCurrentUser);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [linkRefused, setLinkRefused] = useState(token === '');
  const [reset, { isLoading }] = useResetPasswordMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = newPasswordProblems(password, confirmation);
    setErrors(problems);
    if (problems.length > 0) return;
    try {
      const answer = await reset({ token, password }).unwrap();
      // Another broker signed in on this device leaves no cached answer behind.
      if (signedIn && signedIn.id !== answer.user.id) dispatch(api.util.resetApiState());
      void navigate(paths.dashboard, { replace: true });
    } catch (error) {
      if (hasStatus(error, 400)) setLinkRefused(true);
      setErrors([errorMessage(error, 'Failed to reset the password. Please try again.')]);
    }
  };

  return (
    <AuthFrame titleId="reset-title">
      <h1 className="auth__title" id="reset-title">
        Choose a new password
      </h1>
      <p className="auth__subtitle">Setting it signs you out on every other device.</p>
      {linkRefused ? (
        <>
          <Alert tone="error">{errors[0] ?? ACCOUNT_MESSAGES.resetInvalid}</Alert>
          <p className="auth__switch">
            <Link to={paths.forgotPassword}>Send me a new link</Link>
          </p>
        </>
      ) : (
        <>
          <FormErrors errors={errors} />
          <form className="form" onSubmit={(event) => void submit(event)} noValidate>
            <NewPasswordFields idPrefix="reset-password" password={password} confirmation={confirmation} onPassword={setPassword} onConfirmation={setConfirmation} />
            <Button type="submit" block disabled={isLoading}>
              {isLoading ? 'Saving...' : 'Set New Password'}
            </Button>
          </form>
        </>
      )}
      <p className="auth__switch">
        <Link to={paths.auth}>Back to sign in</Link>
      </p>
    </AuthFrame>
  );
}
