const SUBJECT = 'Join me on Prospect Warriors';

function inviteMessage(link: string): string {
  return (
    "I'm tracking my prospecting on Prospect Warriors: every call, meeting and doorknock earns points, " +
    'keeps my streak alive and moves me up the leaderboard against other CRE brokers. ' +
    `Join me and let's battle: ${link}`
  );
}

/** Phones get a prefilled text message; everything else an email (spec point 2, Navigation bar). */
export function inviteHref(userAgent: string, link: string): string {
  const body = encodeURIComponent(inviteMessage(link));
  if (/Android|iPhone/i.test(userAgent)) return `sms:?&body=${body}`;
  return `mailto:?subject=${encodeURIComponent(SUBJECT)}&body=${body}`;
}
