import { runChallengesApiSuite } from '../support/api-suite';

runChallengesApiSuite('redis');
