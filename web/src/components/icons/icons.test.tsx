import { render, screen } from '@testing-library/react';
import { BadgeArt, RankMark } from './awards';
import { Icon, UI_ICONS } from './icon';

describe('Icon', () => {
  it('hides a decorative icon from assistive technology', () => {
    const { container } = render(<Icon icon={UI_ICONS.streak} />);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('names an icon that carries meaning on its own', () => {
    render(<Icon icon={UI_ICONS.locked} label="Private challenge" />);
    expect(screen.getByRole('img', { name: 'Private challenge' }).tagName.toLowerCase()).toBe('svg');
  });
});

describe('RankMark', () => {
  it('draws gold, silver and bronze medals (SVG, no emoji) for the podium and #n below it', () => {
    const tones = [1, 2, 3].map((rank) => render(<RankMark rank={rank} />).container);
    expect(tones.map((container) => container.querySelector('.rank-medal')?.className)).toEqual([
      'rank-medal rank-medal--gold',
      'rank-medal rank-medal--silver',
      'rank-medal rank-medal--bronze',
    ]);
    expect(tones.every((container) => container.querySelector('svg') !== null)).toBe(true);
    expect(render(<RankMark rank={4} />).container.textContent).toBe('#4');
  });
});

describe('BadgeArt', () => {
  it("draws a badge's emblem on its cycle's disc when earned, grey with a lock when not", () => {
    const earned = render(<BadgeArt badgeType="first_meeting" cycle="lifetime" earned />).container;
    expect(earned.querySelector('.badge-art--lifetime .lucide-target')).not.toBeNull();
    expect(earned.querySelector('.badge-art__lock')).toBeNull();
    const locked = render(<BadgeArt badgeType="call_crusher" cycle="daily" earned={false} />).container;
    expect(locked.querySelector('.badge-art--locked .lucide-phone')).not.toBeNull();
    expect(locked.querySelector('.badge-art__lock')).not.toBeNull();
    expect(locked.textContent).toBe('');
  });
});
