import { useState, type ChangeEvent, type FormEvent } from 'react';
import { titleCaseSpecialty, type User } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { TimeZoneField } from '../../components/TimeZoneField';
import { browserTimeZone } from '../../lib/time-zones';
import { errorMessage } from '../../lib/api-error';
import { useFeedback } from '../../lib/use-feedback';
import { useUpdateProfileMutation } from './api';

interface ProfileValues {
  name: string;
  bio: string;
  company: string;
  specialty: string;
  city: string;
  state: string;
  x_url: string;
  timezone: string;
}

function valuesOf(user: User): ProfileValues {
  return {
    name: user.name,
    bio: user.bio ?? '',
    company: user.company ?? '',
    specialty: user.specialty ? titleCaseSpecialty(user.specialty) : '',
    city: user.city ?? '',
    state: user.state ?? '',
    x_url: user.x_url ?? '',
    timezone: user.timezone,
  };
}

/** `deviceZone`: the browser's zone, suggested first in the Timezone select. */
export function ProfileForm({ user, deviceZone = browserTimeZone() }: { user: User; deviceZone?: string }) {
  const [values, setValues] = useState(() => valuesOf(user));
  const { feedback, succeed, fail, clear } = useFeedback();
  const [save, { isLoading }] = useUpdateProfileMutation();

  // An edit makes 'saved' untrue: the note goes with the first keystroke.
  const update = (field: keyof ProfileValues) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    if (feedback?.tone === 'success') clear();
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    try {
      const saved = await save(values).unwrap();
      setValues(valuesOf(saved));
      succeed('Profile saved successfully!');
    } catch (error) {
      fail(errorMessage(error, 'Failed to save profile'));
    }
  };

  return (
    <form className="form" onSubmit={submit}>
      <TextField id="profile-name" label="Name" autoComplete="name" value={values.name} onChange={update('name')} required />
      <TextField id="profile-bio" label="Bio" as="textarea" rows={3} value={values.bio} onChange={update('bio')} placeholder="What you hunt, where, and why you win." />
      <div className="form__row">
        <TextField id="profile-company" label="Company" autoComplete="organization" value={values.company} onChange={update('company')} />
        <TextField id="profile-specialty" label="Specialty" value={values.specialty} onChange={update('specialty')} placeholder="e.g. Office Leasing" />
      </div>
      <div className="form__row form__row--city">
        <TextField id="profile-city" label="City" autoComplete="address-level2" value={values.city} onChange={update('city')} />
        <TextField id="profile-state" label="State" autoComplete="address-level1" maxLength={2} value={values.state} onChange={update('state')} />
      </div>
      <TextField id="profile-x-url" label="X (Twitter) URL" type="url" value={values.x_url} onChange={update('x_url')} placeholder="https://x.com/yourhandle" />
      <TimeZoneField id="profile-timezone" value={values.timezone} onChange={update('timezone')} suggested={deviceZone} />
      {feedback && <Alert tone={feedback.tone}>{feedback.text}</Alert>}
      <div>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Save Profile'}
        </Button>
      </div>
    </form>
  );
}
