// The challenges feature's public surface: the bell's challenge invites (its screen is loaded by the app's routes).
export { useGetChallengeInvitesQuery } from './api';
export { ChallengeInviteItem } from './ChallengeInviteItem';
export { noteState } from './challenge-rules';
