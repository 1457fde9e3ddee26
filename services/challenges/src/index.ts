export { createChallengesService, type ChallengesPorts } from './service';
export { rebuildBoards } from './use-cases/rebuild-boards';
