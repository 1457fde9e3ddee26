// The goals feature's public surface: the dashboard's rings, Active Goals panel and logging lock, and the rules
// that decide the lock (its screen is loaded by the app's routes). My Stats composes the same pieces: the Add
// Goal form, the recommendation, the goal card, leave/delete and the edit call.
export { ActiveGoalsPanel } from './ActiveGoalsPanel';
export { ADD_GOAL_FIELD_ID, AddGoalForm, type CreatedGoal } from './AddGoalForm';
export { goalsApi, useCreateGoalMutation, useGetCampaignsQuery, useUpdateCampaignMutation } from './api';
export { DailyGoalLock } from './DailyGoalLock';
export { DurationField } from './DurationField';
export { GoalCard } from './GoalCard';
export { goalItemsOf, hasDailyGoal, isCreator, recordDailyGoal } from './goal-rules';
export { GoalRings } from './GoalRings';
export { RecommendationModal } from './RecommendationModal';
export { RemoveGoalButton } from './RemoveGoalButton';
export { useGoalActions } from './use-goal-actions';
