import type { PulseEvent } from '@warriors/contracts';
import { holdsFor, openPulseSocket, refusedUpgrade, socketUrl, waitFor, type PulseClient } from '@warriors/test-support';
import { apiClient } from '../support/api-client';
import { describeSocialThroughGateway } from '../support/social-flows';
import { startStack, STACK_SERVICES, type TestStack } from '../support/stack';

jest.setTimeout(120_000);

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

describe('social in stack mode: two social instances behind the gateway', () => {
  let stack: TestStack;
  beforeAll(async () => {
    // One host starts the 100 challenges whose lines are measured: far past a broker's create limit.
    stack = await startStack({ instances: { social: 2 }, env: { LOG_LEVEL: 'debug', CHALLENGES_CREATES_PER_HOUR: '100' } });
  });
  afterAll(() => stack?.close());

  describeSocialThroughGateway(() => stack.url);

  it('gives every client, on either instance, every new line exactly once; prints the p99 delay over 100 lines', async () => {
    const api = apiClient(stack.url);
    const host = await api.signup({ timezone: 'UTC' });
    const watcher = await api.signup({ timezone: 'UTC' });
    const token: string = watcher.body.access_token;
    // Two through the gateway (its round robin takes one to each instance) and one straight to each instance.
    const clients: PulseClient[] = [
      await openPulseSocket(socketUrl(stack.url, token)),
      await openPulseSocket(socketUrl(stack.url, token)),
      await openPulseSocket(socketUrl(stack.urlOf('social'), token)),
      await openPulseSocket(socketUrl(stack.urlOf('social-2'), token)),
    ];
    try {
      const tag = Math.random().toString(36).slice(2, 8);
      const names = Array.from({ length: 100 }, (_, i) => `Pulse ${tag} ${i}`);
      const causedAt = new Map<string, number>();
      const day = 24 * 60 * 60 * 1000;
      const dates = { start_at: new Date(Date.now() + day).toISOString(), end_at: new Date(Date.now() + 8 * day).toISOString() };
      for (let i = 0; i < names.length; i += 5) {
        await Promise.all(
          names.slice(i, i + 5).map(async (name) => {
            causedAt.set(name, performance.now());
            const created = await api.call('POST', '/api/challenges', { token: host.body.access_token, body: { name, ...dates, is_private: false } });
            expect(created.status).toBe(201);
          }),
        );
      }
      const linesOf = (client: PulseClient) => client.received.map((r) => r.message.payload).filter((p: PulseEvent) => p.message.startsWith(`started the challenge Pulse ${tag}`));
      await waitFor(() => clients.every((client) => linesOf(client).length >= names.length), 30_000, 'every line on every client');
      // Nothing arrives twice, even a little later.
      await holdsFor(() => clients.every((client) => linesOf(client).length === names.length), 1000, 'no line twice');
      const delays: number[] = [];
      for (const client of clients) {
        expect(new Set(linesOf(client).map((line) => line.id)).size).toBe(names.length);
        expect(
          linesOf(client)
            .map((line) => line.message.replace('started the challenge ', ''))
            .sort(),
        ).toEqual([...names].sort());
        for (const r of client.received) {
          const name = r.message.payload.message.replace('started the challenge ', '');
          if (causedAt.has(name)) delays.push(r.at - causedAt.get(name)!);
        }
      }
      console.log(
        `social live pulse: ${delays.length} deliveries over ${clients.length} clients on 2 instances: p50 ${percentile(delays, 50).toFixed(1)} ms, p99 ${percentile(delays, 99).toFixed(1)} ms`,
      );
    } finally {
      for (const client of clients) client.close();
    }
  });

  it('refuses a socket without a token, with a garbage or foreign-origin one, and no process logs a token', async () => {
    const api = apiClient(stack.url);
    const user = await api.signup({ timezone: 'UTC' });
    const token: string = user.body.access_token;
    expect(await refusedUpgrade(`${stack.url.replace('http', 'ws')}/ws`)).toBe(401);
    expect(await refusedUpgrade(socketUrl(stack.url, 'garbage.token.value'))).toBe(401);
    expect(await refusedUpgrade(socketUrl(stack.url, token), { origin: 'https://evil.example.com' })).toBe(403);
    const host = new URL(stack.url).host;
    (await openPulseSocket(socketUrl(stack.url, token), { origin: `http://${host}` })).close();
    for (const name of [...STACK_SERVICES, 'social-2', 'gateway']) {
      expect(stack.logs(name)).not.toContain(token);
      expect(stack.logs(name)).not.toContain('garbage.token.value');
    }
  });
});
