// The coaching feature's public surface: the dashboard's AI coaching side panel.
export { CoachingPanel } from './CoachingPanel';
