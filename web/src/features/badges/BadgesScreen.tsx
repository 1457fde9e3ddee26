import { Alert } from '../../components/Alert';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { BadgeCard } from './BadgeCard';
import { earnedByType, groupDefinitions } from './badge-rules';
import { useGetBadgeDefinitionsQuery, useGetBadgeProgressQuery, useGetBadgesQuery } from './api';
import './badges.css';

export default function BadgesScreen() {
  const definitionsQuery = useGetBadgeDefinitionsQuery();
  const badgesQuery = useGetBadgesQuery();
  // Extra to the cards: while it loads, or if it fails, they show without their progress lines.
  const progressQuery = useGetBadgeProgressQuery();
  const progressByType = new Map((progressQuery.data ?? []).map((progress) => [progress.badge_type, progress]));
  const definitions = definitionsQuery.data?.definitions ?? [];
  const earned = earnedByType(badgesQuery.data ?? []);
  const earnedCount = definitions.filter((definition) => earned.has(definition.key)).length;
  const loaded = definitionsQuery.isSuccess && badgesQuery.isSuccess;

  return (
    <>
      <PageHeader
        title="Badges"
        subtitle="Daily, weekly, monthly and lifetime achievements."
        actions={
          loaded && (
            <p className="badge-tally" aria-label={`${earnedCount} of ${definitions.length} badges earned`}>
              {earnedCount} of {definitions.length}
            </p>
          )
        }
      />
      <Panel>
        <p className="muted">
          Daily badges reset every day and are repeatable. Weekly badges reset every Monday. Monthly badges reset on the 1st. Lifetime badges are awarded once.
        </p>
      </Panel>
      {(definitionsQuery.isError || badgesQuery.isError) && <Alert tone="error">Failed to fetch badges</Alert>}
      {!loaded && !definitionsQuery.isError && !badgesQuery.isError && <p className="muted">Loading badges...</p>}
      {loaded &&
        groupDefinitions(definitions).map((group) => (
          <Panel key={group.id} id={`badges-${group.id}`} title={group.title}>
            <ul className="badge-grid">
              {group.definitions.map((definition) => (
                <BadgeCard
                  key={definition.key}
                  badgeType={definition.key}
                  cycle={group.id}
                  name={definition.name}
                  description={definition.description}
                  earned={earned.get(definition.key)}
                  progress={progressByType.get(definition.key)}
                />
              ))}
            </ul>
          </Panel>
        ))}
    </>
  );
}
