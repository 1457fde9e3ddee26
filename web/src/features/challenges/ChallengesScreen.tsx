import { ComingSoon } from '../../components/ComingSoon';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';

export default function ChallengesScreen() {
  return (
    <>
      <PageHeader title="Open Challenges" subtitle="Compete with fellow warriors in custom challenges" />
      <Panel>
        <ComingSoon title="Challenges are coming" highlights={['Open, private and past challenges', 'Challenge leaderboards with medals', 'Invite warriors by email or search']}>
          Host a challenge, invite your rivals and fight for the top spot.
        </ComingSoon>
      </Panel>
    </>
  );
}
