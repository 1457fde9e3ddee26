import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../lib/hooks';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { paths } from '../../config/paths';
import { logout } from '../../lib/session';
import { useDeleteAccountMutation } from './api';

export function DeleteAccount() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();

  const confirm = async () => {
    try {
      await deleteAccount().unwrap();
    } catch {
      setConfirming(false);
      setError('Failed to delete account. Please try again.');
      return;
    }
    // The notice rides on the logged-out session so the auth screen can show it after the redirect.
    dispatch(logout({ tone: 'success', text: 'Your account has been deleted.' }));
    void navigate(paths.home, { replace: true });
  };

  return (
    <div className="stack">
      <p>Deleting your account removes your profile, activity history, points and badges for good.</p>
      {error && <Alert tone="error">{error}</Alert>}
      <div>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete Account
        </Button>
      </div>
      {confirming && (
        <Modal
          title="Delete your account?"
          onClose={() => setConfirming(false)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={isLoading}>
                Cancel
              </Button>
              <Button variant="danger" onClick={() => void confirm()} disabled={isLoading}>
                {isLoading ? 'Deleting...' : 'Delete My Account'}
              </Button>
            </>
          }
        >
          <p>This permanently removes your profile, activities, points and badges. This cannot be undone.</p>
        </Modal>
      )}
    </div>
  );
}
