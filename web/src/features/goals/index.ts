// The goals feature's public surface: the dashboard's rings, Active Goals panel and logging lock, and the rules
// that decide the lock (its screen is loaded by the app's routes).
export { ActiveGoalsPanel } from './ActiveGoalsPanel';
export { ADD_GOAL_FIELD_ID } from './AddGoalForm';
export { useCreateGoalMutation, useGetCampaignsQuery } from './api';
export { DailyGoalLock } from './DailyGoalLock';
export { finishedThisPeriod, hasDailyGoal } from './goal-rules';
export { GoalRings } from './GoalRings';
