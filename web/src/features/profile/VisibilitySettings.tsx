import { useState } from 'react';
import type { User } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Toggle } from '../../components/Toggle';
import { errorMessage } from '../../lib/api-error';
import { useUpdateVisibilityMutation, type VisibilityFlag } from './api';

const SETTINGS: { flag: VisibilityFlag; label: string; description: string }[] = [
  { flag: 'profile_public', label: 'Public profile', description: 'Other warriors can see your stats, streak and badges.' },
  { flag: 'show_on_leaderboard', label: 'Show on leaderboard', description: 'Appear in every ranking.' },
  { flag: 'show_in_battle_pulse', label: 'Show in Battle Pulse', description: 'Your wins appear in the community feed.' },
];

/** Each switch shows the user as the server last confirmed it, so it flips only when the call succeeds. */
export function VisibilitySettings({ user }: { user: User }) {
  const [updateVisibility] = useUpdateVisibilityMutation();
  const [pending, setPending] = useState<VisibilityFlag | null>(null);
  const [error, setError] = useState<string | null>(null);

  const change = async (flag: VisibilityFlag, value: boolean) => {
    setPending(flag);
    setError(null);
    try {
      await updateVisibility({ flag, value }).unwrap();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to update visibility'));
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="stack">
      {SETTINGS.map(({ flag, label, description }) => (
        <Toggle
          key={flag}
          id={`visibility-${flag}`}
          label={label}
          description={description}
          checked={user[flag]}
          disabled={pending !== null}
          onChange={(value) => void change(flag, value)}
        />
      ))}
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
