// The activity feature's public surface: the panels the dashboard composes.
export { activityApi } from './api';
export { LOG_PANEL_ID, LogActivityPanel } from './LogActivityPanel';
export { ShotsFired } from './ShotsFired';
export { usePendingSync, usePendingSyncTriggers } from './use-pending-sync';
export { signOutWarning } from './PendingLogs';
