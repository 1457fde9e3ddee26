import type { Badge } from '@warriors/contracts';
import { Link } from 'react-router-dom';
import { Modal } from '../../components/Modal';
import { paths } from '../../config/paths';
import { BadgeCard } from './BadgeCard';
import { earnedByType } from './badge-rules';
import './badges.css';

/** The dashboard's quick look at the badges a user holds, with the way to the full trophy case. */
export function BadgesModal({ badges, onClose }: { badges: Badge[]; onClose: () => void }) {
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
            <BadgeCard key={badge.badge_type} badgeType={badge.badge_type} cycle={badge.cycle} name={badge.name} description={badge.description} earned={badge} />
          ))}
        </ul>
      )}
    </Modal>
  );
}
