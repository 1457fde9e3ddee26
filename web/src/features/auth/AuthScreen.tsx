import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { FormErrors } from '../../components/FormErrors';
import { TextField } from '../../components/TextField';
import { TimeZoneField } from '../../components/TimeZoneField';
import { CHALLENGE_ID_PARAM, paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { useLoginMutation, useSignupMutation } from '../../lib/session-api';
import { chosenTimeZone, emptyAuthForm, FOCUS_AREA_OPTIONS, toLoginBody, toSignupBody, validateAuthForm, type AuthFormValues, type AuthMode } from './auth-form';
import { InvitationCard } from './InvitationCard';
import { selectSessionNotice } from '../../lib/session';
import { AuthFrame } from './AuthFrame';

const SUBMIT_LABELS: Record<AuthMode, { idle: string; busy: string }> = {
  signin: { idle: 'Sign In', busy: 'Signing in...' },
  signup: { idle: 'Create Account', busy: 'Creating account...' },
};

/**
 * Sign in and create account in one form. On success the session fills and GuestOnly moves the user on
 * (to the invited challenge or the dashboard).
 */
export default function AuthScreen() {
  const [search] = useSearchParams();
  const challengeId = search.get(CHALLENGE_ID_PARAM);
  const notice = useAppSelector(selectSessionNotice);
  // Most invitees are new: an invitation link opens on 'Create account' (docs/decisions.md).
  const [mode, setMode] = useState<AuthMode>(challengeId ? 'signup' : 'signin');
  const [values, setValues] = useState<AuthFormValues>(emptyAuthForm);
  const [errors, setErrors] = useState<string[]>([]);
  const [login, loginState] = useLoginMutation();
  const [signup, signupState] = useSignupMutation();
  const busy = loginState.isLoading || signupState.isLoading;
  const signingUp = mode === 'signup';

  const update = (field: keyof AuthFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const switchMode = () => {
    setMode(signingUp ? 'signin' : 'signup');
    setErrors([]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateAuthForm(mode, values);
    setErrors(problems);
    if (problems.length > 0) return;
    try {
      if (signingUp) await signup(toSignupBody(values)).unwrap();
      else await login(toLoginBody(values)).unwrap();
    } catch (error) {
      setErrors([errorMessage(error, signingUp ? 'Signup failed' : 'Login failed')]);
    }
  };

  return (
    <AuthFrame titleId="auth-title">
      {challengeId && <InvitationCard challengeId={challengeId} />}
      <h1 className="auth__title" id="auth-title">
        {signingUp ? 'Join the battle' : 'Welcome back, warrior'}
      </h1>
      <p className="auth__subtitle">{signingUp ? 'Create your account to start earning points.' : 'Sign in to keep your streak alive.'}</p>

      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <FormErrors errors={errors} />

      <form className="form" onSubmit={submit} noValidate>
        {signingUp && <TextField id="auth-name" label="Name" autoComplete="name" value={values.name} onChange={update('name')} required />}
        <TextField id="auth-email" label="Email" type="email" autoComplete="email" value={values.email} onChange={update('email')} required />
        <TextField
          id="auth-password"
          label="Password"
          type="password"
          autoComplete={signingUp ? 'new-password' : 'current-password'}
          value={values.password}
          onChange={update('password')}
          required
          after={
            !signingUp && (
              <Link className="auth__forgot" to={paths.forgotPassword}>
                Forgot password?
              </Link>
            )
          }
        />

        {signingUp && (
          <>
            <TextField id="auth-focus" label="Focus area" as="select" value={values.focus_area} onChange={update('focus_area')} required>
              <option value="">Choose your focus</option>
              {FOCUS_AREA_OPTIONS.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </TextField>
            <div className="form__row">
              <TextField id="auth-phone" label="Phone" type="tel" autoComplete="tel" value={values.phone} onChange={update('phone')} />
              <TextField id="auth-company" label="Company" autoComplete="organization" value={values.company} onChange={update('company')} />
            </div>
            <div className="form__row form__row--city">
              <TextField id="auth-city" label="City" autoComplete="address-level2" value={values.city} onChange={update('city')} />
              <TextField id="auth-state" label="State" autoComplete="address-level1" maxLength={2} value={values.state} onChange={update('state')} />
            </div>
            <TimeZoneField id="auth-timezone" value={chosenTimeZone(values)} onChange={update('timezone')} />
          </>
        )}

        <Button type="submit" block disabled={busy}>
          {busy ? SUBMIT_LABELS[mode].busy : SUBMIT_LABELS[mode].idle}
        </Button>
      </form>

      <p className="auth__switch">
        {signingUp ? 'Already a warrior?' : 'New here?'}{' '}
        <button type="button" className="link-button" onClick={switchMode}>
          {signingUp ? 'Sign in' : 'Create an account'}
        </button>
      </p>
    </AuthFrame>
  );
}
