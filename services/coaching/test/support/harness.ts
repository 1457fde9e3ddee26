import { randomUUID } from 'node:crypto';
import {
  BUS_QUESTIONS,
  type EventOf,
  type ActivityCountsByWindow,
  type Campaign,
  type FunnelMetrics,
  type ProfileFieldsReply,
  type PublicStatsReply,
  type StandingReply,
} from '@warriors/contracts';
import type { Database, Subscription } from '@warriors/kit';
import { startFakeOpenAI, startServiceOnNats, type FakeOpenAI } from '@warriors/test-support';
import { createCoachingService } from '../../src';

/** What the other services answer about the test's broker; a part set to 'silent' is never answered. */
export interface PlayedFigures {
  timezone: string;
  counts: ActivityCountsByWindow;
  funnel: FunnelMetrics;
  stats: PublicStatsReply;
  standing: StandingReply;
  goals: Campaign[];
  silent?: 'counts' | 'funnel' | 'stats' | 'standing' | 'goals';
}

export const noActivity = (): PlayedFigures => ({
  timezone: 'America/Denver',
  counts: { today: {}, '7d': {}, '30d': {} },
  funnel: {
    window: '30d',
    ratios: { call_to_convo: 0, convo_to_meeting: 0, outreach_to_convo: 0, overall_conversion: 0 },
    total_outreach: 0,
    live_conversations: 0,
    meetings: 0,
    cold_calls: 0,
  },
  stats: { rank: null, streak_days: 0, today_points: 0, points_7d: 0, points_30d: 0, total_points: 0, badges: [] },
  standing: { rank: null, points: 0, gap_to_next: null, window: 'today', daily_goal_points: 100 },
  goals: [],
});

/**
 * The coaching service over HTTP against a PostgreSQL database of its own, NATS on a stream of its
 * own and a fake model server, with the clock pinned (15:00 UTC, 08:00 in Denver). The test plays
 * auth, activity, gamification and campaigns on their request subjects with `figures`.
 */
export async function startCoaching(
  options: {
    configured?: boolean;
    modelTimeoutMs?: number;
    requestsPerMinute?: number;
    /** Another instance's database and model server (owned and closed by whoever made them), for tests of several instances. */
    database?: Database;
    model?: FakeOpenAI;
  } = {},
) {
  const model: FakeOpenAI = options.model ?? (await startFakeOpenAI());
  const service = await startServiceOnNats({
    name: 'coaching',
    clock: '2026-03-02T15:00:00.000Z',
    database: options.database,
    create: (ports) =>
      createCoachingService({
        ...ports,
        model: {
          apiKey: options.configured === false ? undefined : model.apiKey,
          baseURL: model.url,
          model: 'fake-coach',
          timeoutMs: options.modelTimeoutMs ?? 1000,
          requestsPerMinute: options.requestsPerMinute,
        },
      }),
  });
  const { bus } = service;
  const users = new Map<string, PlayedFigures>();
  const of = (payload: unknown) => users.get((payload as { user_id: string }).user_id);
  const answer = (part: NonNullable<PlayedFigures['silent']> | null, read: (figures: PlayedFigures) => unknown) => async (payload: unknown) => {
    const figures = of(payload);
    // A silent part never answers: the request times out as with a service that is away.
    if (figures && part && figures.silent === part) return new Promise<never>(() => undefined);
    return figures ? read(figures) : null;
  };
  const profile = (userId: string, figures: PlayedFigures): ProfileFieldsReply => ({
    user_id: userId,
    username: `broker${userId.slice(0, 6)}`,
    name: 'Maria Broker',
    profile_picture: null,
    created_at: '2026-01-01T00:00:00.000Z',
    company: null,
    specialty: null,
    city: null,
    state: null,
    x_url: null,
    bio: null,
    timezone: figures.timezone,
    profile_public: true,
  });
  const asked: Array<{ subject: string; payload: unknown }> = [];
  const played = (subject: string, handler: (payload: unknown) => Promise<unknown>) =>
    bus.reply(subject, async (payload) => {
      asked.push({ subject, payload });
      return handler(payload);
    });
  const subscriptions: Subscription[] = await Promise.all([
    played(BUS_QUESTIONS.profileFields.subject, async (payload) => {
      const userId = (payload as { user_id: string }).user_id;
      const figures = users.get(userId);
      return figures ? profile(userId, figures) : null;
    }),
    played(
      BUS_QUESTIONS.activityCounts.subject,
      answer('counts', (f) => f.counts),
    ),
    played(
      BUS_QUESTIONS.funnel.subject,
      answer('funnel', (f) => f.funnel),
    ),
    played(
      BUS_QUESTIONS.publicStats.subject,
      answer('stats', (f) => f.stats),
    ),
    played(
      BUS_QUESTIONS.standing.subject,
      answer('standing', (f) => f.standing),
    ),
    played(
      BUS_QUESTIONS.activeGoals.subject,
      answer('goals', (f) => f.goals),
    ),
  ]);

  const coached: Array<EventOf<'pulse.coached'>> = [];
  // What social's pulse hears: the coach's events, through the stream as social's durable takes them.
  const listener = await bus.consume({ durable: 'test_pulse', subjects: ['pulse.coached'] }, async (event) => {
    if (event.type === 'pulse.coached') coached.push(event);
  });
  subscriptions.push(listener);

  return {
    ...service,
    model,
    asked,
    coached,
    /** A broker whose figures the played services answer (and the test may change); `id` to play one another instance knows. */
    broker(figures: PlayedFigures = noActivity(), id: string = randomUUID()) {
      users.set(id, figures);
      return { id, token: service.tokens.sign({ id }), figures };
    },
    async close() {
      await Promise.all(subscriptions.map((s) => s.stop()));
      await service.close();
      if (!options.model) await model.close();
    },
  };
}
