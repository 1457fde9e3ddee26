// The activity feature's public surface: the panels the dashboard composes and the bell's kudos.
export { LOG_PANEL_ID, LogActivityPanel } from './LogActivityPanel';
export { ShotsFired } from './ShotsFired';
export { useGetKudosInboxQuery } from './api';
export { KudosItem } from './KudosItem';
