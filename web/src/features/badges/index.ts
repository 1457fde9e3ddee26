// The badges feature's public surface: what the dashboard and My Stats compose (its screen is loaded by the app's routes).
export { BadgesModal } from './BadgesModal';
export { BadgeProgressLine } from './BadgeProgressLine';
export { useGetBadgeDefinitionsQuery, useGetBadgeProgressQuery } from './api';
