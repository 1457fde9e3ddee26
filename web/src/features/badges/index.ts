// The badges feature's public surface: what the dashboard composes (its screen is loaded by the app's routes).
export { BadgesModal } from './BadgesModal';
export { BadgeProgressLine } from './BadgeProgressLine';
export { useGetBadgeProgressQuery } from './api';
