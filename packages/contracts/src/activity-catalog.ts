// Plain values without a schema: the web's shell reads the catalog (its counts name activities) without
// loading zod and every schema beside it (docs/decisions.md, "contracts the sign-in page loads").
// activity.ts builds the ActivityType schema from these lists.

/** The eleven scored types of the log panel, then the five challenge invitations mention. */
export const SCORED_ACTIVITY_TYPES = [
  'cold_call',
  'live_conversation',
  'email',
  'meeting',
  'doorknock',
  'direct_mail',
  'referral_source_call',
  'past_client',
  'thank_you_card',
  'social_media',
  'newsletter_sent',
] as const;
export const CHALLENGE_ACTIVITY_TYPES = ['property_tour', 'coffee_meeting', 'listing_presentation', 'deal_closed', 'referral_received'] as const;
export const ACTIVITY_TYPES = [...SCORED_ACTIVITY_TYPES, ...CHALLENGE_ACTIVITY_TYPES] as const;

/** One of ACTIVITY_TYPES (the contracts' ActivityType, before its schema). */
type ActivityTypeKey = (typeof ACTIVITY_TYPES)[number];

export interface ActivityDefinition {
  label: string;
  /** Plural used in generated names, e.g. 'Today: 5 Cold Calls'. */
  plural: string;
  points: number;
  /** Logging needs the honor-system confirmation first. */
  honor: boolean;
  /**
   * The most units of this type one broker plausibly logs on one local day (ACTIVITIES.md gives the
   * reasons). An entry that takes the day's logged quantity above it is kept but held off the
   * leaderboards until its broker confirms it.
   */
  dailyCeiling: number;
}

/**
 * Points come from here only, never from a request. Scored types as spec point 3; the five
 * challenge types are valued by the team against them (docs/decisions.md). Daily ceilings:
 * packages/contracts/ACTIVITIES.md.
 */
export const ACTIVITY_CATALOG: Record<ActivityTypeKey, ActivityDefinition> = {
  cold_call: { label: 'Cold Call', plural: 'Cold Calls', points: 1, honor: false, dailyCeiling: 300 },
  live_conversation: { label: 'Live Conversation', plural: 'Live Conversations', points: 3, honor: true, dailyCeiling: 100 },
  email: { label: 'Email', plural: 'Emails', points: 1, honor: false, dailyCeiling: 300 },
  meeting: { label: 'Meeting', plural: 'Meetings', points: 10, honor: true, dailyCeiling: 20 },
  doorknock: { label: 'Doorknock', plural: 'Doorknocks', points: 3, honor: false, dailyCeiling: 200 },
  direct_mail: { label: 'Direct Mail', plural: 'Direct Mailers', points: 2, honor: false, dailyCeiling: 500 },
  referral_source_call: { label: 'Referral Source Call', plural: 'Referral Source Calls', points: 2, honor: false, dailyCeiling: 100 },
  past_client: { label: 'Past Client Touch', plural: 'Past Client Touches', points: 2, honor: false, dailyCeiling: 100 },
  thank_you_card: { label: 'Thank You Card', plural: 'Thank You Cards', points: 2, honor: false, dailyCeiling: 50 },
  social_media: { label: 'Social Media Post', plural: 'Social Media Posts', points: 1, honor: false, dailyCeiling: 20 },
  newsletter_sent: { label: 'Newsletter Sent', plural: 'Newsletters Sent', points: 3, honor: false, dailyCeiling: 5 },
  property_tour: { label: 'Property Tour', plural: 'Property Tours', points: 8, honor: true, dailyCeiling: 10 },
  coffee_meeting: { label: 'Coffee Meeting', plural: 'Coffee Meetings', points: 5, honor: true, dailyCeiling: 8 },
  listing_presentation: { label: 'Listing Presentation', plural: 'Listing Presentations', points: 15, honor: true, dailyCeiling: 4 },
  deal_closed: { label: 'Deal Closed', plural: 'Deals Closed', points: 50, honor: true, dailyCeiling: 3 },
  referral_received: { label: 'Referral Received', plural: 'Referrals Received', points: 5, honor: false, dailyCeiling: 10 },
};

export const pointsFor = (type: ActivityTypeKey, quantity: number): number => ACTIVITY_CATALOG[type].points * quantity;
