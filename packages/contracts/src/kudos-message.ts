// A plain rule without a schema: the bell's kudos line reads it without loading zod and every schema
// beside it (docs/decisions.md, "The signed-in screens load no schema").

/** What the recipient reads in the bell: 'Alice V. gave kudos to your Cold Call'. */
export function kudosMessage(fromName: string, activityLabel: string): string {
  return `${fromName} gave kudos to your ${activityLabel}`;
}
