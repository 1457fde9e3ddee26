import { ComingSoon } from '../../components/ComingSoon';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';

export default function GoalsScreen() {
  return (
    <>
      <PageHeader title="Goals" subtitle="Campaigns that turn targets into wins." />
      <Panel>
        <ComingSoon title="Campaigns are gearing up" highlights={['Sprint Week, Doorknock Blitz, Email Marathon and more', 'Power challenges from a day to a year', 'Bonus points when you finish']}>
          Pick a prebuilt campaign or design your own.
        </ComingSoon>
      </Panel>
    </>
  );
}
