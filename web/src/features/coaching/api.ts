import type { AiGoal, DailyAccountability } from '@warriors/contracts';
import { api } from '../../lib/api';

/** Each plan costs a model call: a plan read once is reused when the panel opens again within this time. */
const PLAN_REUSE_SECONDS = 15 * 60;

export const coachingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDailyAccountability: build.query<DailyAccountability, void>({
      query: () => '/daily-accountability',
      keepUnusedDataFor: PLAN_REUSE_SECONDS,
    }),
    /** A POST that changes nothing on the server (it asks the model), so a query: one request per open, not one per render. */
    getAiGoal: build.query<AiGoal, void>({
      query: () => ({ url: '/ai/goal/today', method: 'POST' }),
      keepUnusedDataFor: PLAN_REUSE_SECONDS,
    }),
  }),
});

export const { useGetDailyAccountabilityQuery, useGetAiGoalQuery } = coachingApi;
