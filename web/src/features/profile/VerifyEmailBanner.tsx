import { useState } from 'react';
import type { User } from '@warriors/contracts';
import { Button } from '../../components/Button';
import { Icon, UI_ICONS } from '../../components/icons/icon';
import { errorMessage } from '../../lib/api-error';
import { useResendVerificationMutation } from './api';
import './verify-email-banner.css';

/** The dashboard's quiet reminder while the broker's address is unconfirmed, with 'Resend' for a lost or expired link. */
export function VerifyEmailBanner({ user }: { user: User }) {
  const [resend, { isLoading }] = useResendVerificationMutation();
  const [note, setNote] = useState<{ tone: 'sent' | 'failed'; text: string } | null>(null);
  if (user.email_verified) return null;

  const send = async () => {
    setNote(null);
    try {
      setNote({ tone: 'sent', text: (await resend().unwrap()).detail });
    } catch (error) {
      setNote({ tone: 'failed', text: errorMessage(error, 'Failed to send the verification email. Please try again.') });
    }
  };

  return (
    <section className="verify-banner" aria-label="Confirm your email">
      <div className="verify-banner__row">
        <p className="verify-banner__text">
          <Icon icon={UI_ICONS.email} size={18} />
          <span className="verify-banner__words">
            <strong>Confirm your email</strong>
            <span className="verify-banner__address" title={user.email}>
              Link sent to {user.email}
            </span>
          </span>
        </p>
        <Button variant="secondary" className="btn--small" onClick={() => void send()} disabled={isLoading}>
          {isLoading ? 'Sending...' : 'Resend'}
        </Button>
      </div>
      <p className={note?.tone === 'failed' ? 'verify-banner__note verify-banner__note--failed' : 'verify-banner__note'} role="status">
        {note?.text}
      </p>
    </section>
  );
}
