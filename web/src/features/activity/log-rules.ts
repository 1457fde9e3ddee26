import {
  ACTIVITY_CATALOG,
  BULK_MAX_QUANTITY,
  BULK_NOTE_MIN_LENGTH,
  BULK_NOTE_THRESHOLD,
  MESSAGES,
  SCORED_ACTIVITY_TYPES,
  type ActivityType,
  type BulkActivityBody,
} from '@warriors/contracts';

export type ScoredActivityType = (typeof SCORED_ACTIVITY_TYPES)[number];

/** What a tap on an activity button leads to (spec point 4, Logging flow). */
export type LogStep = 'directMail' | 'honor' | 'immediate';

export function logStepFor(type: ScoredActivityType): LogStep {
  if (type === 'direct_mail') return 'directMail';
  return ACTIVITY_CATALOG[type].honor ? 'honor' : 'immediate';
}

/** The form's raw quantity text as a whole number, or NaN when it isn't one. */
export function parseQuantity(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

export const needsNote = (quantity: number) => quantity > BULK_NOTE_THRESHOLD;

const noteTooShort = (quantity: number, note: string) => needsNote(quantity) && note.trim().length < BULK_NOTE_MIN_LENGTH;

export interface BulkFormValues {
  activityType: ScoredActivityType;
  quantity: string;
  note: string;
  honestyConfirmed: boolean;
}

/** The bulk entry checks of spec point 5, in the form's order; empty when the entry may go. */
export function validateBulkForm(values: BulkFormValues): string[] {
  const errors: string[] = [];
  const quantity = parseQuantity(values.quantity);
  const quantityValid = quantity >= 1 && quantity <= BULK_MAX_QUANTITY;
  if (!quantityValid) errors.push(MESSAGES.quantity);
  if (quantityValid && noteTooShort(quantity, values.note)) errors.push(MESSAGES.note);
  if (!values.honestyConfirmed) errors.push(MESSAGES.honesty);
  return errors;
}

export function toBulkBody(values: BulkFormValues): BulkActivityBody {
  return {
    activity_type: values.activityType,
    quantity: parseQuantity(values.quantity),
    note: values.note.trim() || null,
    honesty_confirmed: true,
  };
}

/**
 * Direct mail: at least 1 ('Please enter a valid quantity'), at most 100 like the input, and, since a
 * quantity above 1 goes through bulk, the bulk note rule above 20.
 */
export function validateDirectMail(quantityText: string, note: string): string[] {
  const quantity = parseQuantity(quantityText);
  if (!(quantity >= 1)) return [MESSAGES.directMailQuantity];
  if (quantity > BULK_MAX_QUANTITY) return [MESSAGES.quantity];
  return noteTooShort(quantity, note) ? [MESSAGES.note] : [];
}

/** One mailer is a plain log; more are one bulk entry, confirmed by the user's own count. */
export type DirectMailPlan = { kind: 'single'; activity_type: ActivityType } | { kind: 'bulk'; body: BulkActivityBody };

export function planDirectMail(quantityText: string, note: string): DirectMailPlan {
  const quantity = parseQuantity(quantityText);
  if (quantity === 1) return { kind: 'single', activity_type: 'direct_mail' };
  return { kind: 'bulk', body: { activity_type: 'direct_mail', quantity, note: note.trim() || null, honesty_confirmed: true } };
}

/** Spec point 8: 'Failed to log activity: ' plus the message, or 'Unknown error' when there is none. */
export function logErrorMessage(error: unknown): string {
  return `Failed to log activity: ${singleLogFailure(error) ?? 'Unknown error'}`;
}

// The service's own fallback names the status when the server sent no detail; a network failure has no message.
function singleLogFailure(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  const { status, message } = error as { status: unknown; message?: unknown };
  if (typeof message === 'string' && message) return message;
  return typeof status === 'number' ? `Failed to log activity (${status})` : null;
}
