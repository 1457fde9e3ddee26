import { useState } from 'react';
import { CHALLENGE_MESSAGES } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { errorMessage } from '../../lib/api-error';
import { formatDate } from '../../lib/relative-time';
import { enUsNumber } from '../../lib/counted';
import { useGetPublicChallengeQuery, useJoinChallengeMutation } from './api';
import { ChallengeFacts } from './ChallengeFacts';
import { pointsText, warriorsText } from './challenge-rules';
import { Icon, UI_ICONS } from '../../components/icons/icon';

interface InvitationLandingProps {
  challengeId: string;
  signedIn: boolean;
  /** On Close: back to /challenges. */
  onDone: () => void;
  /** After joining (only a signed-in warrior can): back to /challenges with a confirmation naming the challenge. */
  onAccepted?: (challengeName: string) => void;
  /** A visitor without an account goes to sign up or log in, keeping the invitation. */
  onSignUp: () => void;
}

/** What a challenge link (/challenges?id=...) opens: the invitation, and the way in. */
export function InvitationLanding({ challengeId, signedIn, onDone, onAccepted, onSignUp }: InvitationLandingProps) {
  const { data: challenge, isError } = useGetPublicChallengeQuery(challengeId);
  const [join, joinState] = useJoinChallengeMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const accept = async () => {
    if (!challenge) return;
    setFailure(null);
    try {
      await join(challenge.id).unwrap();
      onAccepted?.(challenge.name);
    } catch (error) {
      setFailure(errorMessage(error, CHALLENGE_MESSAGES.joinFailed));
    }
  };

  return (
    <Modal
      // A link to no challenge (or a private one, which reads the same) invites to nothing: it says only that.
      title={!challenge && isError ? CHALLENGE_MESSAGES.notFound : "You've been invited to join"}
      onClose={onDone}
      footer={
        <>
          <Button variant="secondary" onClick={onDone}>
            Close
          </Button>
          {challenge &&
            (signedIn ? (
              <Button onClick={() => void accept()} disabled={joinState.isLoading}>
                {joinState.isLoading ? 'Joining...' : 'Accept Challenge'}
              </Button>
            ) : (
              <Button onClick={onSignUp}>Sign Up / Login to Join</Button>
            ))}
        </>
      }
    >
      {failure && <Alert tone="error">{failure}</Alert>}
      {challenge ? (
        <div className="challenge-detail invitation-landing">
          <p className="invitation-landing__name">
            <Icon icon={UI_ICONS.invitation} /> {challenge.name}
          </p>
          {challenge.description && <p className="challenge-detail__description">{challenge.description}</p>}
          <ChallengeFacts
            facts={[
              {
                label: 'Duration',
                value: (
                  <>
                    {formatDate(challenge.start_at)} – {formatDate(challenge.end_at)}
                  </>
                ),
              },
              { label: 'Warriors', value: warriorsText(challenge.members_count) },
              ...(challenge.points_target !== null ? [{ label: 'Target', value: pointsText(challenge.points_target) }] : []),
            ]}
            goals={challenge.activity_goals}
            goalText={(goal) => (
              <>
                {goal.label}: {enUsNumber(goal.count)}
              </>
            )}
          />
          <p className="invitation-landing__host">Hosted by {challenge.owner_name}</p>
        </div>
      ) : isError ? (
        // The title says it; this line tells a screen reader, which read the title while it loaded.
        <p className="visually-hidden" role="alert">
          {CHALLENGE_MESSAGES.notFound}
        </p>
      ) : (
        <p className="challenge-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading...
        </p>
      )}
    </Modal>
  );
}
