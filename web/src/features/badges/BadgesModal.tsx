import type { Badge } from '@warriors/contracts';
import { Link } from 'react-router-dom';
import { Modal } from '../../components/Modal';
import { paths } from '../../config/paths';
import { BadgeCard } from './BadgeCard';
import { earnedByType } from './badge-rules';
import { useGetBadgeDefinitionsQuery } from './api';
import './badges.css';

const FALLBACK_ICON = '🏅';

/** The dashboard's quick look at the badges a user holds, with the way to the full trophy case. */
export function BadgesModal({ badges, onClose }: { badges: Badge[]; onClose: () => void }) {
  // Only for the icons: the user's badges carry everything else.
  const { data } = useGetBadgeDefinitionsQuery();
  const icons = new Map(data?.definitions.map((definition) => [definition.key, definition.icon]));
  const earned = [...earnedByType(badges).values()];

  return (
    <Modal
      title="Your Badges"
      onClose={onClose}
      footer={
        <Link to={paths.badges} className="btn btn--primary">
          View all badges
        </Link>
      }
    >
      {earned.length === 0 ? (
        <p>No badges yet. Log your first shots to start earning them.</p>
      ) : (
        <ul className="badge-grid badge-grid--compact">
          {earned.map((badge) => (
            <BadgeCard key={badge.badge_type} icon={icons.get(badge.badge_type) ?? FALLBACK_ICON} name={badge.name} description={badge.description} earned={badge} />
          ))}
        </ul>
      )}
    </Modal>
  );
}
