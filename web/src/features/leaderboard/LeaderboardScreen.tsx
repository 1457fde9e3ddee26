import { ComingSoon } from '../../components/ComingSoon';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';

export default function LeaderboardScreen() {
  return (
    <>
      <PageHeader title="Leaderboard" subtitle="The top 20 warriors, updated as the shots land." />
      <Panel>
        <ComingSoon title="Rankings are being forged" highlights={['Today, 7 Days and All-Time tabs', 'A live countdown to the daily reset', 'Points needed to pass the next rank']}>
          Climb the board against brokers across the country.
        </ComingSoon>
      </Panel>
    </>
  );
}
