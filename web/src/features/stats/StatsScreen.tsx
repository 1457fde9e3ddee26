import { ComingSoon } from '../../components/ComingSoon';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';

export default function StatsScreen() {
  return (
    <>
      <PageHeader title="My Stats" subtitle="Your numbers, your trends, your edge." />
      <Panel>
        <ComingSoon
          title="Your war room is on its way"
          highlights={['Goal progress rings and points earned', 'Conversion metrics and activity mix', 'Daily points vs goal for the last 30 days']}
        >
          See exactly where your points come from.
        </ComingSoon>
      </Panel>
    </>
  );
}
