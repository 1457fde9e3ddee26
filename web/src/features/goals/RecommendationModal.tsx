import { useState } from 'react';
import { generatedGoalName } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { errorMessage } from '../../lib/api-error';
import { useCreateGoalMutation } from './api';
import type { CreatedGoal } from './AddGoalForm';
import { recommendationsFor, type Recommendation, type RecommendationPeriod } from './goal-rules';
import './goals.css';

const PERIOD_TITLES: Record<RecommendationPeriod, string> = { weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' };

type Decision = 'added' | 'skipped';

/**
 * Offers the daily goal the user keeps setting as a week, a month and a year (spec point 4): each can be
 * added or skipped on its own, or all declined at once.
 */
export function RecommendationModal({ daily, onClose }: { daily: CreatedGoal; onClose: () => void }) {
  const [decisions, setDecisions] = useState<Partial<Record<RecommendationPeriod, Decision>>>({});
  const [error, setError] = useState<string | null>(null);
  const [createGoal, { isLoading }] = useCreateGoalMutation();
  const recommendations = recommendationsFor(daily.goals);
  const allDecided = recommendations.every(({ period }) => decisions[period]);

  const decide = (period: RecommendationPeriod, decision: Decision) => setDecisions((current) => ({ ...current, [period]: decision }));

  const add = async ({ period, durationDays, goals }: Recommendation) => {
    setError(null);
    try {
      await createGoal({ name: null, duration_days: durationDays, icon: daily.icon, goals }).unwrap();
      decide(period, 'added');
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to create goal'));
    }
  };

  return (
    <Modal
      title="Just a thought..."
      onClose={onClose}
      footer={
        allDecided ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <Button variant="secondary" onClick={onClose}>
            No thanks, I'm good
          </Button>
        )
      }
    >
      <div className="stack">
        <p>You keep setting daily goals. Lock in the same pace for longer and let the bigger rings fill too.</p>
        {error && <Alert tone="error">{error}</Alert>}
        <ul className="recommendations">
          {recommendations.map((recommendation) => {
            const { period, durationDays, goals } = recommendation;
            const decision = decisions[period];
            return (
              <li key={period} className="recommendation">
                <div>
                  <p className="recommendation__period">{PERIOD_TITLES[period]}</p>
                  <p className="recommendation__name">{generatedGoalName(durationDays, goals)}</p>
                </div>
                <div className="recommendation__actions">
                  {decision ? (
                    <span className={decision === 'added' ? 'tag tag--success' : 'tag'}>{decision === 'added' ? 'Added' : 'Skipped'}</span>
                  ) : (
                    <>
                      <Button className="btn--small" disabled={isLoading} onClick={() => void add(recommendation)} aria-label={`Add ${PERIOD_TITLES[period]}`}>
                        Add
                      </Button>
                      <Button
                        variant="secondary"
                        className="btn--small"
                        disabled={isLoading}
                        onClick={() => decide(period, 'skipped')}
                        aria-label={`Skip ${PERIOD_TITLES[period]}`}
                      >
                        Skip
                      </Button>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </Modal>
  );
}
