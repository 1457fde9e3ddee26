import './ProfileFacts.css';
import { Icon, UI_ICONS } from './icons/icon';

/** A label and its value; a fact without a value is left out. */
export type ProfileFact = readonly [label: string, value: string | null | undefined];

/** The label/value facts of a warrior's public profile, as the board's popup and the profile page show them. */
export function ProfileFacts({ facts }: { facts: readonly ProfileFact[] }) {
  return (
    <dl className="facts">
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="facts__item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** What a private profile shows in place of its facts. */
export function PrivateNotice({ message }: { message?: string | null }) {
  return (
    <p className="private-notice">
      <Icon icon={UI_ICONS.locked} /> {message || 'This user has set their profile to private'}
    </p>
  );
}
