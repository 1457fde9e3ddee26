import { randomUUID } from 'node:crypto';
import { DataExport, EXPORT_CSV_COLUMNS } from '@warriors/contracts';
import { eventually, parseCsv } from '@warriors/test-support';
import { apiClient } from './api-client';

/** A download read whole: the status, the headers and the text. */
async function download(baseUrl: string, path: string, token?: string) {
  const res = await fetch(`${baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(20_000) });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const csvRows = (text: string) => {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  expect(header).toEqual([...EXPORT_CSV_COLUMNS]);
  return rows.map((row) => Object.fromEntries(header!.map((column, i) => [column, row[i]!])));
};

/**
 * 'Download my data' through the gateway, as every run mode must give it: the activity log as CSV
 * and everything as one JSON document, each the caller's own only.
 */
export function describeExportThroughGateway(baseUrl: () => string): void {
  it('downloads a broker’s own entries as CSV and everything as one JSON document, and nobody else’s', async () => {
    const api = apiClient(baseUrl());
    const broker = await api.signup({ name: 'Esme Exporter', timezone: 'America/Chicago' });
    const other = await api.signup({ name: 'Otto Other', timezone: 'UTC' });
    const token: string = broker.body.access_token;
    const otherToken: string = other.body.access_token;

    expect((await api.call('POST', '/api/campaigns/1/join', { token })).status).toBe(201);
    const challenge = await eventually('the broker known to challenges', async () => {
      const answer = await api.call('POST', '/api/challenges', {
        token,
        body: {
          name: `Export Sprint ${randomUUID().slice(0, 6)}`,
          start_at: new Date(Date.now() - 60_000).toISOString(),
          end_at: new Date(Date.now() + 86_400_000).toISOString(),
          is_private: false,
        },
      });
      return answer.status === 201 ? answer : undefined;
    });

    const logged: string[] = [];
    const log = async (path: string, body: Record<string, unknown>, who = token) => {
      const answer = await api.call('POST', path, { token: who, body });
      expect(answer.status).toBe(201);
      return answer.body.activity.id as string;
    };
    logged.push(await log('/api/activity', { activity_type: 'meeting' }));
    logged.push(await log('/api/activity/bulk', { activity_type: 'cold_call', quantity: 5, note: '=SUM(A1:A9), "then" emails', honesty_confirmed: true }));
    // Closed deals: three a day count, the fourth is held above the ceiling until confirmed.
    for (let i = 0; i < 4; i++) logged.push(await log('/api/activity', { activity_type: 'deal_closed' }));
    const othersEntry = await log('/api/activity', { activity_type: 'email' }, otherToken);

    const document = await eventually(
      'every entry in the ledger',
      async () => {
        const answer = await download(baseUrl(), '/api/export/me.json', token);
        if (answer.status !== 200) throw new Error(`me.json answered ${answer.status}: ${answer.text}`);
        const parsed = DataExport.strict().parse(JSON.parse(answer.text));
        return parsed.points_ledger.filter((row) => row.source === 'activity').length === logged.length && parsed.badges.length > 0 ? { ...answer, parsed } : undefined;
      },
      15_000,
    );
    expect(document.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(document.headers.get('content-disposition')).toMatch(/^attachment; filename="prospect-warriors-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(document.headers.get('cache-control')).toBe('no-store');
    const data = document.parsed;
    expect(data.profile).toMatchObject({ id: broker.body.user.id, email: broker.body.user.email, timezone: 'America/Chicago' });
    expect(document.text).not.toMatch(/password|hash/i);
    expect(data.entries.map((entry) => entry.id)).toEqual(logged);
    expect(data.entries.map((entry) => entry.held)).toEqual([false, false, false, false, false, true]);
    expect(new Set(data.points_ledger.map((row) => row.source_id))).toEqual(new Set(logged));
    expect(data.badges.map((badge) => badge.badge_type)).toContain('first_meeting');
    expect(data.goals).toEqual([expect.objectContaining({ campaign_id: 1, name: 'Sprint Week', created_by_me: false, completed_at: null })]);
    expect(data.challenges).toEqual([expect.objectContaining({ id: challenge.body.id, role: 'owner' })]);

    const csv = await download(baseUrl(), '/api/export/activities.csv', token);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="prospect-warriors-activities-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = csvRows(csv.text);
    expect(rows.map((row) => row.id)).toEqual(logged);
    expect(rows.map((row) => row.held)).toEqual(['false', 'false', 'false', 'false', 'false', 'true']);
    expect(rows[1]).toMatchObject({ activity_type: 'cold_call', quantity: '5', points: '5', note: `'=SUM(A1:A9), "then" emails` });
    expect(rows[0]!.created_at_local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-0[56]:00$/);

    // Another broker's downloads hold their own entry and nothing of the first broker's.
    const theirs = await download(baseUrl(), '/api/export/me.json', otherToken);
    const theirData = DataExport.parse(JSON.parse(theirs.text));
    expect(theirData.profile.id).toBe(other.body.user.id);
    expect(theirData.entries.map((entry) => entry.id)).toEqual([othersEntry]);
    expect(theirData.goals).toEqual([]);
    expect(theirData.challenges).toEqual([]);
    const theirCsv = await download(baseUrl(), '/api/export/activities.csv', otherToken);
    expect(csvRows(theirCsv.text).map((row) => row.id)).toEqual([othersEntry]);
    for (const text of [theirs.text, theirCsv.text]) expect(logged.some((id) => text.includes(id)) || text.includes(broker.body.user.email)).toBe(false);
  });

  it('refuses both downloads without a valid token, and a deleted account’s token, with 401 {detail}', async () => {
    const api = apiClient(baseUrl());
    for (const path of ['/api/export/activities.csv', '/api/export/me.json']) {
      for (const token of [undefined, 'not-a-token']) {
        const answer = await api.call('GET', path, { token });
        expect([path, answer.status, typeof answer.body.detail]).toEqual([path, 401, 'string']);
      }
    }
    const leaving = await api.signup();
    const token: string = leaving.body.access_token;
    expect((await api.call('DELETE', '/api/user/delete-account', { token })).status).toBe(200);
    expect((await api.call('GET', '/api/export/me.json', { token })).status).toBe(401);
    await eventually(
      'activity knows the account is gone',
      async () => ((await download(baseUrl(), '/api/export/activities.csv', token)).status === 401 ? true : undefined),
      15_000,
    );
  });
}
