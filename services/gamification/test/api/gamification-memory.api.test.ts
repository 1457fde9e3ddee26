import { createMemoryLeaderboardStore } from '@warriors/kit';
import { runGamificationApiSuite } from '../support/api-suite';

runGamificationApiSuite('memory', (now) => ({ store: createMemoryLeaderboardStore({ now }), cleanup: async () => undefined }));
