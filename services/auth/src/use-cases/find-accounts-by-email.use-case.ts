import { accountsByEmail } from '../store/users.store';
import type { AccountsDeps } from './account-access';

/** Which of some emails have an account (lower-cased email to user id), for challenges' email invites. */
export function findAccountsByEmail({ db }: AccountsDeps) {
  return (emails: readonly string[]): Promise<Record<string, string>> => accountsByEmail(db, emails);
}
