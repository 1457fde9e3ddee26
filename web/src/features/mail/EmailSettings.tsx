import { useState } from 'react';
import type { MailPreferenceKind, MailPreferences } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Toggle } from '../../components/Toggle';
import { errorMessage } from '../../lib/api-error';
import { useGetMailPreferencesQuery, useSaveMailPreferencesMutation } from './api';

const KINDS: { kind: MailPreferenceKind; label: string; description: string }[] = [
  { kind: 'weekly_recap', label: 'Weekly recap', description: 'Monday morning: your last week in points, activities and rank.' },
  { kind: 'daily_digest', label: 'Daily digest', description: 'A morning mail of unread nudges and invitations, when no device of yours gets push notifications.' },
  { kind: 'invitations', label: 'Challenge invitations', description: 'When a warrior invites you to a challenge.' },
];

/** The mails a broker may switch off, each saved as it flips. Account mails (reset, verification, address changes) always go. */
export function EmailSettings() {
  const { data, error: readError, isLoading } = useGetMailPreferencesQuery();
  const [save, { isLoading: saving }] = useSaveMailPreferencesMutation();
  const [failure, setFailure] = useState<string | null>(null);

  if (isLoading) return <p className="hint">Loading email settings...</p>;
  if (!data) return <Alert tone="error">{errorMessage(readError, 'Failed to load email settings')}</Alert>;

  const change = async (kind: MailPreferenceKind, value: boolean) => {
    setFailure(null);
    const next: MailPreferences = { ...data, [kind]: value };
    try {
      await save(next).unwrap();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to save email settings'));
    }
  };

  return (
    <div className="stack">
      {KINDS.map(({ kind, label, description }) => (
        <Toggle key={kind} id={`mail-${kind}`} label={label} description={description} checked={data[kind]} disabled={saving} onChange={(value) => void change(kind, value)} />
      ))}
      <p className="hint">Password resets, address confirmations and security notices are always sent.</p>
      {failure && <Alert tone="error">{failure}</Alert>}
    </div>
  );
}
