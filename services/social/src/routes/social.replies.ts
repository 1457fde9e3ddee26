import { BUS_QUESTIONS } from '@warriors/contracts';
import { answerQuestion, type Bus, type Subscription } from '@warriors/kit';
import type { getMailDigest } from '../use-cases/get-mail-digest.use-case';

export interface SocialReplies {
  mailDigest: ReturnType<typeof getMailDigest>;
}

/** What social answers other services on the bus. */
export function answerSocialQuestions(bus: Bus, replies: SocialReplies): Promise<Subscription[]> {
  return Promise.all([answerQuestion(bus, BUS_QUESTIONS.mailDigestSocial, async ({ user_id, since }) => replies.mailDigest(user_id, since))]);
}
