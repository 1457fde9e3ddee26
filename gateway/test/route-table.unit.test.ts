import { ROUTES, serviceFor, WEBSOCKET_PATH, WEBSOCKET_SERVICE } from '../src/route-table';
import { parseUrlList, UpstreamPool } from '../src/upstream-pool';

describe('route table', () => {
  it.each([
    ['/api/signup', 'auth'],
    ['/api/login', 'auth'],
    ['/api/me', 'auth'],
    ['/api/settings/profile', 'auth'],
    ['/api/settings/privacy', 'auth'],
    ['/api/user/delete-account', 'auth'],
    ['/api/users/search', 'auth'],
    ['/api/activity', 'activity'],
    ['/api/activity/bulk', 'activity'],
    ['/api/activity/held', 'gamification'],
    ['/api/activity/0b7c7a52-5d0e-4c39-9d43-2f7c3c1b8f0e/confirm', 'gamification'],
    ['/api/activity/heldx', 'activity'],
    ['/api/recent-activities', 'activity'],
    ['/api/users/3f1c/summary', 'activity'],
    ['/api/users/3f1c/metrics/funnel', 'activity'],
    ['/api/users/3f1c/stats', 'activity'],
    ['/api/users/3f1c/picture', 'auth'],
    ['/api/leaderboard', 'gamification'],
    ['/api/leaderboard/7d', 'gamification'],
    ['/api/leaderboard/me', 'gamification'],
    ['/api/badges', 'gamification'],
    ['/api/badges/progress', 'gamification'],
    ['/api/badge-definitions', 'gamification'],
    ['/api/campaigns', 'campaigns'],
    ['/api/campaigns/create', 'campaigns'],
    ['/api/campaigns/101/join', 'campaigns'],
    ['/api/user_goals/7', 'campaigns'],
    ['/api/challenges', 'challenges'],
    ['/api/challenges/public/3', 'challenges'],
    ['/api/challenges/3/leaderboard', 'challenges'],
    ['/api/challenge-invites', 'challenges'],
    ['/api/challenge-invites/0b5e3c1e-4a8e-4d5e-9f3a-1a2b3c4d5e6f/accept', 'challenges'],
    ['/api/users/3f1c/public-profile', 'social'],
    ['/api/battle-pulse', 'social'],
    ['/api/nudges', 'social'],
    ['/api/nudges/inbox', 'social'],
    ['/api/nudges/0b5e3c1e-4a8e-4d5e-9f3a-1a2b3c4d5e6f/read', 'social'],
    ['/api/daily-accountability', 'coaching'],
    ['/api/ai/goal/today', 'coaching'],
    ['/api/mail/preferences', 'mail'],
    ['/api/mail/unsubscribe', 'mail'],
    ['/api/password/forgot', 'auth'],
    ['/api/email/verify/resend', 'auth'],
    ['/api/sessions/revoke', 'auth'],
  ])('sends %s to %s', (path, service) => {
    expect(serviceFor(path)).toBe(service);
  });

  it('matches whole path segments, not prefixes of words', () => {
    expect(serviceFor('/api/meetings')).toBeNull();
    expect(serviceFor('/api/signupx')).toBeNull();
    expect(serviceFor('/api/activityx')).toBeNull();
    expect(serviceFor('/api/campaignsx')).toBeNull();
    expect(serviceFor('/api/users/3f1c/public-profilex')).toBeNull();
    expect(serviceFor('/api/nudgesx')).toBeNull();
  });

  it('hands the live socket to the service the registry names', () => {
    expect([WEBSOCKET_SERVICE, WEBSOCKET_PATH]).toEqual(['social', '/ws']);
  });

  it('leaves paths no service owns unrouted', () => {
    expect(serviceFor('/api/nothing-here')).toBeNull();
    expect(serviceFor('/signup')).toBeNull();
  });

  it('has no two routes with the same pattern', () => {
    const patterns = ROUTES.map((r) => r.pattern.source);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});

describe('upstream pool', () => {
  it('takes instances in turn', () => {
    const pool = new UpstreamPool('activity', ['http://a', 'http://b', 'http://c']);
    expect([1, 2, 3, 4, 5, 6, 7].map(() => pool.next())).toEqual(['http://a', 'http://b', 'http://c', 'http://a', 'http://b', 'http://c', 'http://a']);
  });

  it('refuses an empty pool', () => {
    expect(() => new UpstreamPool('auth', [])).toThrow('No upstream URL for auth');
  });

  it('reads a comma-separated list and drops trailing slashes and blanks', () => {
    expect(parseUrlList(' http://a:1/, http://b:2 ,,')).toEqual(['http://a:1', 'http://b:2']);
  });
});
