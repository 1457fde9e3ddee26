// The badges feature's public surface: what the dashboard and My Stats compose (its screen is loaded by the app's routes).
export { BadgesModal } from './BadgesModal';
export { useGetBadgeDefinitionsQuery } from './api';
