import { useMemo, useState } from 'react';
import type { User } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Icon, UI_ICONS } from '../../components/icons/icon';
import { errorMessage } from '../../lib/api-error';
import { browserTimeZone, zoneName } from '../../lib/time-zones';
import { useUpdateProfileMutation } from './api';
import './timezone-prompt.css';

/** 'Not now' on this device, for this pair of zones: another trip asks again. */
const dismissedKey = (userId: string, deviceZone: string, profileZone: string) => `pw.timezone-prompt:${userId}:${deviceZone}:${profileZone}`;

/**
 * Offers to count the broker's days in the device's zone when it is not their profile's (a broker who
 * flew): 'Switch' saves it (the server keeps the day in force, so none is lost or doubled), 'Not now'
 * hides the prompt for this pair of zones on this device.
 */
export function TimeZonePrompt({ user, deviceZone: givenZone }: { user: User; deviceZone?: string }) {
  // Read once a mount: each read builds a date formatter, and the prompt re-renders with the screen.
  const deviceZone = useMemo(() => givenZone ?? browserTimeZone(), [givenZone]);
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(dismissedKey(user.id, deviceZone, user.timezone)) !== null);
  const [failure, setFailure] = useState<string | null>(null);
  const [save, { isLoading }] = useUpdateProfileMutation();
  if (dismissed || deviceZone === user.timezone) return null;

  const switchZone = async () => {
    setFailure(null);
    try {
      await save({ timezone: deviceZone }).unwrap();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to save profile'));
    }
  };
  const notNow = () => {
    localStorage.setItem(dismissedKey(user.id, deviceZone, user.timezone), 'dismissed');
    setDismissed(true);
  };

  return (
    <section className="timezone-prompt" aria-label="Timezone">
      <p className="timezone-prompt__text">
        <Icon icon={UI_ICONS.timeZone} size={18} />
        Your device is on {zoneName(deviceZone)}; your days are counted in {zoneName(user.timezone)}. Switch?
      </p>
      <div className="timezone-prompt__actions">
        <Button className="btn--small" onClick={switchZone} disabled={isLoading}>
          {isLoading ? 'Switching...' : `Switch to ${zoneName(deviceZone)}`}
        </Button>
        <Button variant="ghost" className="btn--small" onClick={notNow}>
          Not now
        </Button>
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
    </section>
  );
}
