import { ACTIVITY_CATALOG, type ActivityCountMap, type ActivityType, type CoachingFigures } from '@warriors/contracts';

/** One structured-output question to the model: its instructions, the broker's figures, the answer's JSON schema. */
export interface ModelRequest {
  system: string;
  user: string;
  schemaName: string;
  schema: Record<string, unknown>;
}

// Strict structured output wants every property required and no other property allowed; lengths and
// counts are checked afterwards by the zod contract, which is the authority on the answer's shape.
const text = { type: 'string' } as const;
const lines = { type: 'array', items: text } as const;
const integer = { type: 'integer' } as const;
const object = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });

export const PLAN_JSON_SCHEMA = object({
  title: text,
  accountability: text,
  creCoaching: lines,
  appGuidance: lines,
  quickChecklist: lines,
  leaderboardPlan: object({ stepByStep: lines }),
});

export const GOAL_JSON_SCHEMA = object({
  title: text,
  why_today: text,
  targets: object({
    points_target: integer,
    calls: integer,
    conversations: integer,
    meetings_set: integer,
    emails: integer,
    referrals_pastclients: integer,
    thank_you_cards: integer,
    social_actions: integer,
  }),
  sprints: { type: 'array', items: object({ label: text, focus: text }) },
});

const COACH =
  'You are the Prospect Warriors coach for a commercial real estate (CRE) broker: direct, encouraging and specific. ' +
  "Base every number on the broker's own figures below, never on industry averages unless they have no data. " +
  'Work targets back from their rates, e.g. "38 dials ≈ 1 meeting at your 30-day rates, so today: 40 calls before noon". ' +
  'Speak of CRE prospecting: owners, tenants, listings, comps, past clients, referral sources, site tours. ' +
  "Point to the app's features by name where they help: Log Activity, Goals, the Leaderboard, Challenges and the Battle Pulse.";

const DATA_NOTES: Record<CoachingFigures['data_quality'], string> = {
  NO_DATA: 'The broker has logged no activity in the last 30 days: say so plainly, start them small, and use conservative CRE norms.',
  LOW_DATA: 'The broker has logged little in the last 30 days: their rates are thin, so say so and lean on conservative CRE norms where they are.',
  GOOD: 'The broker has enough logged activity for their own rates to be trusted.',
};

/** The activity counts with the catalogue's labels, so the model reads "Cold Calls", not "cold_call". */
function labelledCounts(counts: ActivityCountMap): Record<string, number> {
  return Object.fromEntries((Object.entries(counts) as Array<[ActivityType, number]>).map(([type, count]) => [ACTIVITY_CATALOG[type].plural, count]));
}

/** The broker's figures as the model reads them: readable names, the rates and the game's standing. */
export function figuresText(figures: CoachingFigures): string {
  const standing = figures.standing_today;
  const readable = {
    local_date: figures.local_date,
    timezone: figures.timezone,
    data_quality: figures.data_quality,
    activity_counts: {
      today: labelledCounts(figures.activity_counts.today),
      last_7_days: labelledCounts(figures.activity_counts['7d']),
      last_30_days: labelledCounts(figures.activity_counts['30d']),
    },
    funnel_last_30_days: figures.funnel_30d,
    streak_days: figures.streak_days,
    today: {
      points: figures.today_points,
      daily_goal_points: standing.daily_goal_points,
      points_to_daily_goal: Math.max(0, standing.daily_goal_points - figures.today_points),
      leaderboard_rank: standing.rank,
      points_behind_next_rank: standing.gap_to_next,
    },
    active_goals: figures.active_goals.map((goal) => ({
      name: goal.name,
      days_remaining: goal.days_remaining,
      progress: `${goal.progress}/${goal.goal_count}`,
      by_activity: goal.activity_breakdown.map((item) => ({ activity: ACTIVITY_CATALOG[item.type].plural, done: item.current, target: item.target })),
    })),
  };
  return `My figures (JSON):\n${JSON.stringify(readable, null, 2)}`;
}

export function planRequest(figures: CoachingFigures): ModelRequest {
  return {
    system:
      `${COACH} ${DATA_NOTES[figures.data_quality]} ` +
      "Write today's accountability plan: a short title; an honest accountability paragraph on yesterday-to-today momentum; " +
      'creCoaching: CRE prospecting advice sized from the rates; appGuidance: what to do in the app today; ' +
      'quickChecklist: short checkable items with numbers; leaderboardPlan.stepByStep: how to close the gap to the next rank and reach the daily goal points.',
    user: `${figuresText(figures)}\n\nMake my plan for today.`,
    schemaName: 'coaching_plan',
    schema: PLAN_JSON_SCHEMA,
  };
}

export function goalRequest(figures: CoachingFigures): ModelRequest {
  return {
    system:
      `${COACH} ${DATA_NOTES[figures.data_quality]} ` +
      "Recommend today's one-day goal: targets per activity sized from the broker's own 30-day rates (a stretch of about 10-20% over their daily average), " +
      'enough points to reach the daily goal points, a why_today sentence that names the rates behind the numbers, and 2-4 time-boxed sprints (e.g. "9:00-10:30 call block"). ' +
      'Targets are whole numbers; 0 leaves an activity out.',
    user: `${figuresText(figures)}\n\nRecommend my goal for today.`,
    schemaName: 'ai_goal',
    schema: GOAL_JSON_SCHEMA,
  };
}
