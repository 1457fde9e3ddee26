// The pulse feature's public surface: the dashboard's live Battle Pulse column and the bell's nudges.
export { useGetNudgeInboxQuery } from './api';
export { BattlePulse } from './BattlePulse';
export { NudgeItem } from './NudgeItem';
