import { useId, useState } from 'react';
import type { StreakMode, User } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { errorMessage } from '../../lib/api-error';
import { useUpdateProfileMutation } from './api';

const MODES: { mode: StreakMode; label: string; description: string }[] = [
  { mode: 'daily', label: 'Every day', description: 'Each day without a log ends the streak.' },
  { mode: 'weekdays', label: 'Weekdays (Mon–Fri)', description: 'Saturday and Sunday neither break nor extend it.' },
];

/**
 * The streak mode, saved as soon as it is chosen. The choice shows the user as the server last
 * confirmed it, so it moves only when the call succeeds.
 */
export function StreakSettings({ user }: { user: User }) {
  const name = useId();
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const [error, setError] = useState<string | null>(null);

  const choose = async (streak_mode: StreakMode) => {
    setError(null);
    try {
      await updateProfile({ streak_mode }).unwrap();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to update the streak'));
    }
  };

  return (
    <div className="stack">
      <fieldset className="streak-mode" disabled={isLoading}>
        <legend className="streak-mode__legend">Count my streak</legend>
        {MODES.map(({ mode, label, description }) => (
          <div key={mode} className="streak-mode__option">
            <input
              type="radio"
              id={`${name}-${mode}`}
              name={name}
              value={mode}
              checked={user.streak_mode === mode}
              aria-describedby={`${name}-${mode}-description`}
              onChange={() => void choose(mode)}
            />
            <span className="streak-mode__text">
              <label className="streak-mode__label" htmlFor={`${name}-${mode}`}>
                {label}
              </label>
              <span className="streak-mode__description" id={`${name}-${mode}-description`}>
                {description}
              </span>
            </span>
          </div>
        ))}
      </fieldset>
      <p className="streak-mode__note">A day at twice your daily goal earns a streak freeze (hold up to 2): it covers a missed day by itself.</p>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
