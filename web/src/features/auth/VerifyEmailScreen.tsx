import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { selectCurrentUser, userUpdated } from '../../lib/session';
import { useVerifyEmailMutation } from './api';
import { AuthFrame } from './AuthFrame';

/**
 * The verification link's screen (/verify-email?token=), signed in or not: it confirms the address as
 * it opens (a sign-up's, or a new one of a change of address) and says what happened.
 */
export default function VerifyEmailScreen() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const user = useAppSelector(selectCurrentUser);
  const [verify, { data, error, isUninitialized, isLoading }] = useVerifyEmailMutation();
  const asked = useRef<string | null>(null);
  const dispatch = useAppDispatch();

  useEffect(() => {
    // Once per token: a remount (React's strict mode) must not spend the link twice.
    if (!token || asked.current === token) return;
    asked.current = token;
    void verify({ token });
  }, [token, verify]);

  // The signed-in broker's own link: the dashboard's banner and Settings follow at once.
  const confirmed = data?.user;
  const userId = user?.id;
  useEffect(() => {
    if (confirmed && confirmed.id === userId) dispatch(userUpdated(confirmed));
  }, [confirmed, userId, dispatch]);

  const next = user ? { to: paths.dashboard, label: 'Go to your dashboard' } : { to: paths.auth, label: 'Sign in' };
  return (
    <AuthFrame titleId="verify-title">
      <h1 className="auth__title" id="verify-title">
        {data ? 'Email confirmed' : 'Confirm your email'}
      </h1>
      {(isLoading || (isUninitialized && token)) && <p role="status">Confirming your email...</p>}
      {data && (
        <Alert tone="success">
          <p>{data.user.email} is confirmed. Your challenge invitations reach you there, and so does a reset link if you ever forget your password.</p>
        </Alert>
      )}
      {(error || !token) && <Alert tone="error">{token ? errorMessage(error, ACCOUNT_MESSAGES.verifyInvalid) : ACCOUNT_MESSAGES.verifyInvalid}</Alert>}
      {(data || error || !token) && (
        <p className="auth__switch">
          <Link to={next.to}>{next.label}</Link>
        </p>
      )}
    </AuthFrame>
  );
}
