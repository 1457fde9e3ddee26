import { ACTIVITY_CATALOG, personName } from '@warriors/contracts';
import { Icon, UI_ICONS } from '../../components/icons/icon';
import { counted, enUsNumber } from '../../lib/counted';
import { useGiveKudosMutation } from './api';
import type { FeedLine } from './feed-lines';

/** '1 kudos', '3 kudos': the word is the same for one and many. */
export const kudosCount = (count: number): string => counted(count, 'kudos', 'kudos');

/**
 * A Shots Fired line's kudos: for someone else's entries a toggle-looking button that gives the
 * viewer's kudos once (pressed after that); for the viewer's own, the count alone, once there is one.
 */
export function KudosControl({ line, own }: { line: FeedLine; own: boolean }) {
  const [giveKudos] = useGiveKudosMutation();
  if (own) {
    if (line.kudos === 0) return null;
    return (
      <span className="kudos kudos--count">
        <Icon icon={UI_ICONS.kudos} size={16} />
        <span aria-hidden="true">{enUsNumber(line.kudos)}</span>
        <span className="visually-hidden">{kudosCount(line.kudos)}</span>
      </span>
    );
  }
  const entry = `${personName(line.name, line.username)}'s ${ACTIVITY_CATALOG[line.activity_type].label}`;
  const onClick = async () => {
    if (line.kudos_given) return;
    try {
      await giveKudos(line.entryId).unwrap();
    } catch (error) {
      console.error('Failed to give kudos', error);
    }
  };
  return (
    <button
      type="button"
      className="kudos kudos--button"
      aria-pressed={line.kudos_given}
      aria-label={`Give kudos to ${entry}, ${kudosCount(line.kudos)}`}
      onClick={() => void onClick()}
    >
      <Icon icon={UI_ICONS.kudos} size={16} />
      <span aria-hidden="true">{enUsNumber(line.kudos)}</span>
    </button>
  );
}
