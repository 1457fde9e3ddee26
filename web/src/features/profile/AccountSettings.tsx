import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, type User } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormErrors } from '../../components/FormErrors';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { StatusNote } from '../../components/StatusNote';
import { TextField } from '../../components/TextField';
import { emailProblems, newPasswordProblems } from '../../lib/account-forms';
import { errorMessage } from '../../lib/api-error';
import { useChangePasswordMutation, useRevokeSessionsMutation } from '../../lib/session-api';
import { useChangeEmailMutation } from './api';

/** A new address applies once the link mailed to it is opened; the old one is told. */
function ChangeEmail({ user }: { user: User }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const [change, { isLoading }] = useChangeEmailMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote(null);
    const found = [...emailProblems(email), ...(password ? [] : ['Password is required'])];
    setProblems(found);
    if (found.length > 0) return;
    try {
      await change({ email: email.trim(), password }).unwrap();
      setEmail('');
      setPassword('');
      setNote(ACCOUNT_MESSAGES.emailChangeSent);
    } catch (error) {
      setProblems([errorMessage(error, 'Failed to change the email. Please try again.')]);
    }
  };

  return (
    <form className="stack account-settings__form" onSubmit={(event) => void submit(event)} noValidate>
      <h3 className="account-settings__title">Email</h3>
      <p className="account-settings__current">
        <span className="account-settings__address">{user.email}</span>{' '}
        <span className={user.email_verified ? 'account-settings__state account-settings__state--ok' : 'account-settings__state'}>
          {user.email_verified ? 'Verified' : 'Not verified'}
        </span>
      </p>
      {user.pending_email && (
        <p className="hint">
          Waiting for you to open the link sent to <strong>{user.pending_email}</strong>.
        </p>
      )}
      <FormErrors errors={problems} />
      <TextField id="account-new-email" label="New email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
      <TextField
        id="account-email-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <div>
        <Button type="submit" variant="secondary" disabled={isLoading}>
          {isLoading ? 'Sending...' : 'Change Email'}
        </Button>
      </div>
      <StatusNote text={note} />
    </form>
  );
}

/** This device keeps its session (the answer's new token); every other one is signed out. */
function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const [change, { isLoading }] = useChangePasswordMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote(null);
    const found = [...(current ? [] : ['Current password is required']), ...newPasswordProblems(next, confirmation)];
    setProblems(found);
    if (found.length > 0) return;
    try {
      await change({ current_password: current, new_password: next }).unwrap();
      setCurrent('');
      setNext('');
      setConfirmation('');
      setNote(ACCOUNT_MESSAGES.passwordChanged);
    } catch (error) {
      setProblems([errorMessage(error, 'Failed to change the password. Please try again.')]);
    }
  };

  return (
    <form className="stack account-settings__form" onSubmit={(event) => void submit(event)} noValidate>
      <h3 className="account-settings__title">Password</h3>
      <FormErrors errors={problems} />
      <TextField
        id="account-current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        required
      />
      <NewPasswordFields idPrefix="account-password" password={next} confirmation={confirmation} onPassword={setNext} onConfirmation={setConfirmation} />
      <div>
        <Button type="submit" variant="secondary" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Change Password'}
        </Button>
      </div>
      <StatusNote text={note} />
    </form>
  );
}

function SignOutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [revoke, { isLoading }] = useRevokeSessionsMutation();

  const confirm = async () => {
    setFailure(null);
    try {
      await revoke().unwrap();
      setNote(ACCOUNT_MESSAGES.sessionsRevoked);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to sign out the other devices. Please try again.'));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <div className="stack account-settings__form">
      <h3 className="account-settings__title">Devices</h3>
      <p className="hint">Lost a phone, or signed in on a shared computer? End every session but this one.</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Sign out of all devices
        </Button>
      </div>
      <StatusNote text={note} />
      {confirming && (
        <ConfirmDialog
          title="Sign out of all devices?"
          message="Every other browser and device signed in to your account is signed out. This one stays signed in."
          confirmLabel={isLoading ? 'Signing out...' : 'Sign Out Everywhere'}
          busy={isLoading}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

/** Settings' sign-in part: the address, the password and the other devices' sessions. */
export function AccountSettings({ user }: { user: User }) {
  return (
    <div className="stack account-settings">
      <ChangeEmail user={user} />
      <ChangePassword />
      <SignOutEverywhere />
    </div>
  );
}
