import { useState, type ChangeEvent, type FormEvent } from 'react';
import { titleCaseSpecialty, type User } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { errorMessage } from '../../lib/api-error';
import { useUpdateProfileMutation } from './api';

interface ProfileValues {
  name: string;
  bio: string;
  company: string;
  specialty: string;
  city: string;
  state: string;
  x_url: string;
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
  };
}

type Feedback = { tone: 'error' | 'success'; text: string } | null;

export function ProfileForm({ user }: { user: User }) {
  const [values, setValues] = useState(() => valuesOf(user));
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [save, { isLoading }] = useUpdateProfileMutation();

  const update = (field: keyof ProfileValues) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFeedback(null);
    try {
      const saved = await save(values).unwrap();
      setValues(valuesOf(saved));
      setFeedback({ tone: 'success', text: 'Profile saved successfully!' });
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error, 'Failed to save profile') });
    }
  };

  return (
    <form className="form" onSubmit={submit}>
      <div className="field">
        <label htmlFor="profile-name">Name</label>
        <input id="profile-name" autoComplete="name" value={values.name} onChange={update('name')} required />
      </div>
      <div className="field">
        <label htmlFor="profile-bio">Bio</label>
        <textarea id="profile-bio" rows={3} value={values.bio} onChange={update('bio')} placeholder="What you hunt, where, and why you win." />
      </div>
      <div className="form__row">
        <div className="field">
          <label htmlFor="profile-company">Company</label>
          <input id="profile-company" autoComplete="organization" value={values.company} onChange={update('company')} />
        </div>
        <div className="field">
          <label htmlFor="profile-specialty">Specialty</label>
          <input id="profile-specialty" value={values.specialty} onChange={update('specialty')} placeholder="e.g. Office Leasing" />
        </div>
      </div>
      <div className="form__row form__row--city">
        <div className="field">
          <label htmlFor="profile-city">City</label>
          <input id="profile-city" autoComplete="address-level2" value={values.city} onChange={update('city')} />
        </div>
        <div className="field">
          <label htmlFor="profile-state">State</label>
          <input id="profile-state" autoComplete="address-level1" maxLength={2} value={values.state} onChange={update('state')} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="profile-x-url">X (Twitter) URL</label>
        <input id="profile-x-url" type="url" value={values.x_url} onChange={update('x_url')} placeholder="https://x.com/yourhandle" />
      </div>
      {feedback && <Alert tone={feedback.tone}>{feedback.text}</Alert>}
      <div>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Save Profile'}
        </Button>
      </div>
    </form>
  );
}
