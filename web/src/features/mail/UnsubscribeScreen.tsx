import { Link, useSearchParams } from 'react-router-dom';
import { MAIL_MESSAGES } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { useAppSelector } from '../../lib/hooks';
import { selectCurrentUser } from '../../lib/session';
import { useUnsubscribeMutation } from './api';
import './mail.css';

/**
 * A mail's unsubscribe link (/unsubscribe?token=), signed in or not. It asks for a click rather than
 * unsubscribing as it opens: mail scanners open links, and must not unsubscribe anyone.
 */
export default function UnsubscribeScreen() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const user = useAppSelector(selectCurrentUser);
  const [unsubscribe, { data, error, isLoading }] = useUnsubscribeMutation();

  return (
    <div className="unsubscribe">
      <section className="unsubscribe__card" aria-labelledby="unsubscribe-title">
        <h1 className="unsubscribe__title" id="unsubscribe-title">
          {data ? 'You are unsubscribed' : 'Unsubscribe from these emails?'}
        </h1>
        {data ? (
          <Alert tone="success">{data.detail}</Alert>
        ) : token ? (
          <>
            <p>We will stop sending you this kind of email. Account emails, such as password resets, still reach you.</p>
            {error && <Alert tone="error">{errorMessage(error, MAIL_MESSAGES.unsubscribeInvalid)}</Alert>}
            <div>
              <Button onClick={() => void unsubscribe(token)} disabled={isLoading}>
                {isLoading ? 'Unsubscribing...' : 'Unsubscribe'}
              </Button>
            </div>
          </>
        ) : (
          <Alert tone="error">{MAIL_MESSAGES.unsubscribeInvalid}</Alert>
        )}
        <p className="hint">
          {user ? (
            <>
              Choose every email you get in <Link to={`${paths.profile}#email`}>Settings</Link>.
            </>
          ) : (
            <>
              <Link to={paths.auth}>Sign in</Link> to choose every email you get in Settings.
            </>
          )}
        </p>
      </section>
    </div>
  );
}
