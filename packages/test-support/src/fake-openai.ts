import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AiGoal, CoachingPlan } from '@warriors/contracts';

/**
 * A real local HTTP server speaking OpenAI's chat-completions protocol, for tests that drive the real
 * `openai` SDK against it (OPENAI_BASE_URL = `url`). Usage:
 *
 *   const model = await startFakeOpenAI();           // answers SAMPLE_PLAN until told otherwise
 *   model.answerWith({ json: SAMPLE_GOAL });          // the next answers: a JSON body as the message content
 *   model.answerWith({ content: '{not json' });       // raw content (malformed JSON, a wrong shape...)
 *   model.answerWith({ status: 500 });                // an HTTP error
 *   model.answerWith({ delayMs: 30_000 });            // no answer before the client's timeout
 *   model.requests                                    // every request received: { body, prompt }
 *   await model.close();
 *
 * An answer stays until the next answerWith; `once: true` answers it to one request and returns to the previous.
 */
export type FakeAnswer = { json: unknown } | { content: string } | { status: number } | { delayMs: number; json?: unknown };

export interface FakeOpenAIRequest {
  /** The request's JSON body (model, messages, response_format...). */
  body: { model?: string; messages?: Array<{ role: string; content: string }>; response_format?: unknown; [key: string]: unknown };
  /** Every message's content, joined: what a test searches for the user's figures. */
  prompt: string;
  authorization: string | undefined;
}

export interface FakeOpenAI {
  /** The base URL to give the SDK (ends in /v1). */
  url: string;
  /** The API key the fake accepts (any Bearer is accepted; this one is convenient to pass). */
  apiKey: string;
  requests: FakeOpenAIRequest[];
  answerWith(answer: FakeAnswer, options?: { once?: boolean }): void;
  close(): Promise<void>;
}

/** A plan that validates as CoachingPlan. */
export const SAMPLE_PLAN: CoachingPlan = {
  title: 'Forty dials before noon',
  accountability: 'You logged 12 calls yesterday and 1 meeting: at your 30-day rates 38 dials make a meeting, so today is about volume.',
  creCoaching: ['Call the owners of the three industrial listings that expire this quarter.', 'Ask every past client for one referral source.'],
  appGuidance: ['Log each call as you make it with Log Activity.', 'Check the Leaderboard at 2 pm and join a Challenge.'],
  quickChecklist: ['40 cold calls', '5 emails', '1 meeting set'],
  leaderboardPlan: { stepByStep: ['Reach the daily goal points by noon.', 'Close the gap to the next rank with 6 more calls.'] },
};

/** A goal that validates as AiGoal. */
export const SAMPLE_GOAL: AiGoal = {
  title: "Today's prospecting sprint",
  why_today: 'At your 30-day rates 38 dials make a meeting: 40 calls should set one.',
  targets: { points_target: 120, calls: 40, conversations: 6, meetings_set: 1, emails: 10, referrals_pastclients: 3, thank_you_cards: 2, social_actions: 1 },
  sprints: [
    { label: '9:00-10:30 call block', focus: '25 owner calls' },
    { label: '14:00-15:00 follow-ups', focus: '15 calls and the emails they lead to' },
  ],
};

const completion = (model: string, content: string) => ({
  id: `chatcmpl-fake-${Date.now()}`,
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
  usage: { prompt_tokens: 100, completion_tokens: 100, total_tokens: 200 },
});

export async function startFakeOpenAI(initial: FakeAnswer = { json: SAMPLE_PLAN }): Promise<FakeOpenAI> {
  const requests: FakeOpenAIRequest[] = [];
  let standing: FakeAnswer = initial;
  const queued: FakeAnswer[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) return send(404, { error: { message: 'not found', type: 'invalid_request_error' } });
      let body: FakeOpenAIRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeOpenAIRequest['body'];
      } catch {
        return send(400, { error: { message: 'invalid JSON body', type: 'invalid_request_error' } });
      }
      requests.push({ body, prompt: (body.messages ?? []).map((m) => m.content).join('\n'), authorization: req.headers.authorization });
      const answer = queued.shift() ?? standing;
      const reply = () => {
        if ('status' in answer) return send(answer.status, { error: { message: 'the fake model server failed', type: 'server_error' } });
        if ('content' in answer) return send(200, completion(body.model ?? 'fake', answer.content));
        return send(200, completion(body.model ?? 'fake', JSON.stringify(answer.json ?? SAMPLE_PLAN)));
      };
      if ('delayMs' in answer) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          reply();
        }, answer.delayMs);
        timers.add(timer);
      } else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey: 'sk-fake-openai',
    requests,
    answerWith(answer, options = {}) {
      if (options.once) queued.push(answer);
      else {
        queued.length = 0;
        standing = answer;
      }
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
