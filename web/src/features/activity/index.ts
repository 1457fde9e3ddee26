// The activity feature's public surface: the panels the dashboard composes.
export { LogActivityPanel } from './LogActivityPanel';
export { ShotsFired } from './ShotsFired';
