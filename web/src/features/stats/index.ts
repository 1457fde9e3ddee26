// The stats feature's public surface: the panels and data the app composes into the My Stats screen.
export { ActiveGoalsEditor } from './ActiveGoalsEditor';
export { useGetUserStatsQuery } from './api';
export { GoalProgress, joinFailed } from './GoalProgress';
export { StatsHeader } from './StatsHeader';
export { ActivityBreakdown, ConversionMetrics, DailyPointsChart, PerformanceTable, PointsEarned } from './StatsBlocks';
