// The profile feature's public surface: another warrior's public profile, read by the leaderboard's popup (its
// screen is loaded by the app's routes).
export { useGetPublicProfileQuery } from './api';
// The prompt to count days in the device's zone, shown on the dashboard.
export { TimeZonePrompt } from './TimeZonePrompt';
// The dashboard's reminder to confirm the address.
export { VerifyEmailBanner } from './VerifyEmailBanner';
