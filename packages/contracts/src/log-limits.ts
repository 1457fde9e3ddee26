// Plain values without a schema: the log panel's forms read them without loading zod and every schema beside it
// (docs/decisions.md, "The signed-in screens load no schema").
import type { ActivityType } from './activity';
import { ACTIVITY_CATALOG } from './activity-catalog';

export const BULK_MAX_QUANTITY = 100;
export const BULK_NOTE_THRESHOLD = 20;
export const BULK_NOTE_MIN_LENGTH = 10;
export const MESSAGES = {
  honesty: 'Please confirm the accuracy of your entry',
  quantity: 'Quantity must be between 1 and 100',
  note: 'For entries over 20, please provide a brief description (at least 10 characters)',
  honor: 'Please confirm you are working on the honor system',
  held: (type: ActivityType, loggedToday: number, points: number) => {
    const { plural, dailyCeiling } = ACTIVITY_CATALOG[type];
    return (
      `Held for your confirmation: ${loggedToday} ${plural} today is above the daily limit of ${dailyCeiling}. ` +
      `Confirm this entry to add its ${points} points to the leaderboards.`
    );
  },
  directMailQuantity: 'Please enter a valid quantity',
} as const;
