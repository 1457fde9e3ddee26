import { addDays, isoWeekStart, localDate, RecapNoticeList, WeeklyRecap } from '@warriors/contracts';
import { quietWeekRecap } from '@warriors/test-support';
import { apiClient } from './api-client';

/**
 * The weekly recap through the gateway in every run mode: gamification composes it with campaigns'
 * answer over the bus, and the bell's notice is the caller's own.
 */
export function describeRecapThroughGateway(baseUrl: () => string): void {
  it('recaps a new broker’s last local week as zeros and keeps their bell’s recap notice their own', async () => {
    const api = apiClient(baseUrl());
    const timezone = 'Pacific/Auckland';
    const me = await api.signup({ timezone });
    const rival = await api.signup();
    const token: string = me.body.access_token;
    // Today's log is this week's: the recap is of the week before.
    expect((await api.call('POST', '/api/activity', { token, body: { activity_type: 'meeting' } })).status).toBe(201);

    const monday = addDays(isoWeekStart(localDate(new Date(), timezone)), -7);
    const recap = await api.call('GET', '/api/recap/weekly', { token });
    expect(recap.status).toBe(200);
    expect(WeeklyRecap.parse(recap.body)).toEqual(quietWeekRecap(timezone, monday));
    expect((await api.call('GET', '/api/recap/weekly')).status).toBe(401);

    const notices = await api.call('GET', '/api/recap/notices', { token });
    expect(RecapNoticeList.parse(notices.body)).toEqual([expect.objectContaining({ id: monday, kind: 'weekly_recap', is_read: false })]);
    // Another broker cannot mark it read: they have no notice of that week yet, and never anyone else's.
    expect(await api.call('PUT', `/api/recap/notices/${monday}/read`, { token: rival.body.access_token })).toMatchObject({
      status: 404,
      body: { detail: 'Recap notice not found' },
    });
    expect((await api.call('GET', '/api/recap/notices', { token })).body[0].is_read).toBe(false);
    const read = await api.call('PUT', `/api/recap/notices/${monday}/read`, { token });
    expect(read).toMatchObject({ status: 200, body: { id: monday, is_read: true } });
  });
}
