// The pulse feature's public surface: the dashboard's live Battle Pulse column, the bell's nudges and a profile's Nudge action.
export { useGetNudgeInboxQuery } from './api';
export { BattlePulse } from './BattlePulse';
export { NudgeItem } from './NudgeItem';
export { ProfileNudges } from './ProfileNudges';
