import { inviteHref } from './invite';
import { bellLabel, navLinksFor, unreadBadgeText } from './nav-links';

describe('navLinksFor', () => {
  it('hides Dashboard on the dashboard, and leads to Goals', () => {
    expect(navLinksFor('/dashboard')).toEqual(['battleGround', 'challenges', 'goals', 'stats', 'profile']);
  });

  it('hides Battle Ground and Challenges on /challenges', () => {
    expect(navLinksFor('/challenges')).toEqual(['dashboard', 'goals', 'stats', 'profile']);
  });

  it('hides Dashboard and Goals itself on /goals', () => {
    expect(navLinksFor('/goals')).toEqual(['battleGround', 'challenges', 'stats', 'profile']);
    expect(navLinksFor('/goals/')).toEqual(['battleGround', 'challenges', 'stats', 'profile']);
  });

  it('shows only Dashboard, Battle Ground and Challenges on /stats', () => {
    expect(navLinksFor('/stats')).toEqual(['dashboard', 'battleGround', 'challenges']);
  });

  it('hides Dashboard on the profile, with or without a user id or a trailing slash', () => {
    const expected = ['battleGround', 'challenges', 'goals', 'stats', 'profile'];
    expect(navLinksFor('/profile')).toEqual(expected);
    expect(navLinksFor('/profile/42')).toEqual(expected);
    expect(navLinksFor('/stats/')).toEqual(['dashboard', 'battleGround', 'challenges']);
  });
});

describe('unreadBadgeText', () => {
  it('shows the count up to 9, then 9+', () => {
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(9)).toBe('9');
    expect(unreadBadgeText(10)).toBe('9+');
  });
});

describe('bellLabel', () => {
  it("says the count the badge shows, '9+' above 9, so the name holds the visible text", () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(12)).toBe('Notifications, 9+ unread');
  });
});

describe('inviteHref', () => {
  const link = 'https://warriors.example';

  it('opens a text message on an iPhone or Android phone', () => {
    const href = inviteHref('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', link);
    expect(href.startsWith('sms:?&body=')).toBe(true);
    expect(decodeURIComponent(href)).toContain(link);
    expect(inviteHref('Mozilla/5.0 (Linux; Android 14; Pixel 8)', link).startsWith('sms:')).toBe(true);
  });

  it('opens an email with a subject and the public link elsewhere', () => {
    const href = inviteHref('Mozilla/5.0 (Windows NT 10.0; Win64; x64)', link);
    expect(href.startsWith('mailto:?subject=Join%20me%20on%20Prospect%20Warriors&body=')).toBe(true);
    expect(decodeURIComponent(href)).toContain(link);
  });
});
