import { ComingSoon } from '../../components/ComingSoon';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';

export default function BadgesScreen() {
  return (
    <>
      <PageHeader title="Badges" subtitle="Daily, weekly, monthly and lifetime achievements." />
      <Panel>
        <ComingSoon title="Your trophy case is being built" highlights={['Daily badges reset every day and repeat', 'Weekly reset every Monday, monthly on the 1st', 'Lifetime badges are awarded once']}>
          Earn badges for victories, streaks and milestones.
        </ComingSoon>
      </Panel>
    </>
  );
}
