import type { DailyAccountability } from '@warriors/contracts';
import { useId, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { errorMessage } from '../../lib/api-error';
import { useLogFailure } from '../../lib/use-log-failure';
import { useGetDailyAccountabilityQuery } from './api';
import { Checklist } from './Checklist';
import { COACHING_TEXTS, dataQualityNote, isNotConfigured, showsQuickChecklist } from './coaching-rules';
import { RecommendedGoal } from './RecommendedGoal';
import './coaching.css';

function Bullets({ title, items }: { title: string; items: readonly string[] }) {
  const headingId = useId();
  return (
    <section className="coach-section" aria-labelledby={headingId}>
      <h3 className="coach-section__title" id={headingId}>
        {title}
      </h3>
      <ul className="coach-bullets">
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

function Plan({ plan }: { plan: DailyAccountability }) {
  const note = dataQualityNote(plan.dataQuality);
  return (
    <article className="coach-plan" aria-label="Your coaching plan">
      <h3 className="coach-plan__title">{plan.title}</h3>
      {note && <p className="coach-note">{note}</p>}
      <p className="coach-plan__accountability">{plan.accountability}</p>
      <Bullets title="CRE Coaching" items={plan.creCoaching} />
      <Bullets title="App Guidance" items={plan.appGuidance} />
      {showsQuickChecklist(plan.dataQuality) && <Checklist title="Quick Checklist" items={plan.quickChecklist} />}
      <Checklist title="Leaderboard Action Plan" items={plan.leaderboardPlan.stepByStep} announcesCompletion />
    </article>
  );
}

function PlanState() {
  const { data: plan, error, isFetching, refetch } = useGetDailyAccountabilityQuery();
  useLogFailure(error, COACHING_TEXTS.fetchFailedLog);

  if (isFetching && !plan) {
    return (
      <p className="coach-loading" role="status">
        Your coach is building today's plan…
      </p>
    );
  }
  if (plan) return <Plan plan={plan} />;
  if (isNotConfigured(error)) {
    return (
      <div className="coach-state">
        <h3 className="coach-state__title">{COACHING_TEXTS.notConfiguredTitle}</h3>
        <p>{COACHING_TEXTS.notConfiguredHelp}</p>
      </div>
    );
  }
  return (
    <div className="coach-state" role="alert">
      <h3 className="coach-state__title">{COACHING_TEXTS.loadFailed}</h3>
      {errorMessage(error, '') && <p>{errorMessage(error, '')}</p>}
      <Button variant="secondary" onClick={() => void refetch()}>
        Try Again
      </Button>
    </div>
  );
}

interface CoachingPanelProps {
  onClose: () => void;
  /** Whether a 1-day goal is already set today; undefined while the goals are unknown. The recommendation shows only on false. */
  hasDailyGoal: boolean | undefined;
}

/** The AI coaching side panel (spec point 2): today's plan, and a goal to start the day with when none is set. */
export function CoachingPanel({ onClose, hasDailyGoal }: CoachingPanelProps) {
  const [activated, setActivated] = useState(false);
  return (
    <Modal title="Today's Plan" onClose={onClose} drawer>
      {activated && <Alert tone="success">{COACHING_TEXTS.goalActivated}</Alert>}
      <PlanState />
      {hasDailyGoal === false && <RecommendedGoal onActivated={() => setActivated(true)} />}
    </Modal>
  );
}
