import { challengeRankedOnText, personName, type Challenge, type ChallengeLeaderboardEntry } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { StatusNote } from '../../components/StatusNote';
import type { Feedback } from '../../lib/use-feedback';
import { formatDate } from '../../lib/relative-time';
import { useLogFailure } from '../../lib/use-log-failure';
import { useGetChallengeLeaderboardQuery, useGetChallengeQuery } from './api';
import { ChallengeFacts } from './ChallengeFacts';
import { competitionRanks, pointsText, timeLeftText, warriorsText } from './challenge-rules';
import { Icon, UI_ICONS } from '../../components/icons/icon';
import { RankMark } from '../../components/icons/awards';
import { activityCount } from '../../lib/counted';

interface ChallengeDetailModalProps {
  challengeId: number;
  /** What the list already knows, shown while the details load. */
  summary?: Challenge;
  onClose: () => void;
  onLeave: (challenge: Challenge) => void;
  onJoin: (challenge: Challenge) => void;
  busy: boolean;
  /** What joining from here answered, shown inside the dialog the user is in. */
  feedback: Feedback;
}

function Leaderboard({ entries }: { entries: ChallengeLeaderboardEntry[] }) {
  const scored = entries.filter((entry) => entry.points > 0);
  if (scored.length === 0) return <p className="empty-state">No warriors have scored yet</p>;
  const ranks = competitionRanks(scored.map((entry) => entry.points));
  return (
    <ol className="challenge-board">
      {scored.map((entry, index) => {
        const rank = ranks[index];
        return (
          <li key={entry.user_id} className={`challenge-board__row${rank <= 3 ? ' challenge-board__row--podium' : ''}`}>
            <span className="challenge-board__rank" role="img" aria-label={`Rank ${rank}`}>
              <RankMark rank={rank} />
            </span>
            <Avatar name={entry.name} picture={entry.profile_picture} size="sm" />
            <span className="challenge-board__who">
              <span className="challenge-board__name">
                {personName(entry.name, entry.username)}
                {entry.role === 'owner' && (
                  <span title="Host">
                    {' '}
                    <Icon icon={UI_ICONS.owner} label="Host" size={16} />
                  </span>
                )}
              </span>
              <span className="challenge-board__username">@{entry.username}</span>
            </span>
            <span className="challenge-board__points">{pointsText(entry.points)}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** A challenge's details and its leaderboard; a member who is not the host may leave from here. */
export function ChallengeDetailModal({ challengeId, summary, onClose, onLeave, onJoin, busy, feedback }: ChallengeDetailModalProps) {
  const details = useGetChallengeQuery(challengeId);
  const known = details.data ?? summary;
  // The board is the members' own: the server shows it only to them.
  const board = useGetChallengeLeaderboardQuery(challengeId, { skip: known !== undefined && !known.is_joined });
  useLogFailure(details.error, 'Failed to fetch challenge details');
  useLogFailure(board.error, 'Failed to fetch challenge leaderboard');
  const challenge = details.data ?? summary;
  const isOwner = challenge ? (challenge.my_role ?? challenge.role) === 'owner' : false;
  const ended = challenge ? challenge.status === 'ended' : false;
  const rankedOn = challenge ? challengeRankedOnText(challenge.activity_goals) : null;
  const canLeave = challenge !== undefined && challenge.is_joined && !isOwner;
  const canJoin = challenge !== undefined && !challenge.is_joined && !ended && (!challenge.is_private || challenge.is_invited);

  return (
    <Modal
      title={challenge?.name ?? 'Challenge'}
      onClose={onClose}
      wide
      footer={
        <>
          {canLeave && challenge && (
            <Button variant="danger" onClick={() => onLeave(challenge)} disabled={busy}>
              Leave Challenge
            </Button>
          )}
          {canJoin && challenge && (
            <Button onClick={() => onJoin(challenge)} disabled={busy}>
              Join Challenge
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      {feedback?.tone === 'error' && <Alert tone="error">{feedback.text}</Alert>}
      <StatusNote text={feedback?.tone === 'success' ? feedback.text : null} />
      {!challenge ? (
        details.isError ? (
          <p>Challenge not found</p>
        ) : (
          <p className="challenge-loading" role="status">
            <span className="spinner" aria-hidden="true" /> Loading...
          </p>
        )
      ) : (
        <div className="challenge-detail">
          {challenge.description && <p className="challenge-detail__description">{challenge.description}</p>}
          <ChallengeFacts
            facts={[
              {
                label: 'Duration',
                value: (
                  <>
                    {formatDate(challenge.start_at)} – {formatDate(challenge.end_at)}
                    <span className="challenge-detail__sub">{timeLeftText(challenge)}</span>
                  </>
                ),
              },
              { label: 'Warriors participating', value: warriorsText(challenge.members_count) },
              { label: 'Target points', value: challenge.points_target === null ? 'No target' : pointsText(challenge.points_target) },
              {
                label: 'Hosted by',
                value: (
                  <>
                    {challenge.owner_name} <Icon icon={UI_ICONS.owner} label="Host" size={16} />
                  </>
                ),
              },
            ]}
            goals={challenge.activity_goals}
            goalText={(goal) => activityCount(goal.count, goal.type)}
          />
          {challenge.is_joined && (
            <div className="challenge-progress">
              <div className="challenge-progress__label">
                <span>Your progress</span>
                <span>{Math.round(challenge.progress)}%</span>
              </div>
              <div
                className="challenge-progress__bar"
                role="progressbar"
                aria-label="Your progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(challenge.progress)}
              >
                <span style={{ width: `${Math.min(100, Math.max(0, challenge.progress))}%` }} />
              </div>
            </div>
          )}
          <h3 className="challenge-detail__heading">Leaderboard</h3>
          {rankedOn && <p className="challenge-detail__sub">{rankedOn}</p>}
          {!challenge.is_joined ? (
            <p className="empty-state">Join this challenge to see its leaderboard</p>
          ) : board.data ? (
            <Leaderboard entries={board.data} />
          ) : board.isError ? (
            <p className="empty-state">No warriors have scored yet</p>
          ) : (
            <p className="challenge-loading" role="status">
              <span className="spinner" aria-hidden="true" /> Loading...
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
