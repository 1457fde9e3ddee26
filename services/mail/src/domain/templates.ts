import { EMAIL_VERIFY_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES, type MailDigestSocialReply, type MailRequest, type PendingInvitesReply, type WeeklyRecap } from '@warriors/contracts';

/**
 * The product's mails, as text and as HTML: one column, system fonts, one button, readable on a
 * phone and in clients that show no images or no HTML at all. Written by hand rather than with a
 * template library: eight short mails of one shape did not pay for React Email's or MJML's build step.
 */

/** A mail ready for the queue: what the transport sends, and the one link it is for (if any). */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  link: string | null;
}

/** What every template needs besides its request: where links point, and the unsubscribe link of a mail that may carry one. */
export interface RenderContext {
  publicUrl: string;
  /** The signed page a broker opens to stop this kind of mail; none for account mails. */
  unsubscribeUrl?: string;
}

/** The daily digest's content: unread nudges and pending invitations since the last one. */
export interface DigestContent {
  name: string;
  nudges: MailDigestSocialReply['nudges'];
  invitations: PendingInvitesReply;
}

/** The parts a mail is made of; `render` writes them out twice. */
interface MailParts {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** A list under the paragraphs (the digest's nudges, the recap's figures). */
  items?: string[];
  action?: { label: string; url: string };
  /** Quieter lines under the button (why the mail came, what to do if it was not you). */
  notes?: string[];
}

const PRODUCT = 'Prospect Warriors';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const link = (publicUrl: string, path: string, query: Record<string, string> = {}): string => {
  const url = new URL(path, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
};

const firstName = (name: string | null | undefined): string => name?.trim().split(/\s+/)[0] || 'there';

/** 'Mar 2' from a date or instant, in UTC (a challenge's dates are stored as UTC instants of local days). */
const shortDate = (iso: string): string => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

const signed = (change: number): string => (change > 0 ? `+${change}` : String(change));

function accountParts(request: Exclude<MailRequest, { kind: 'challenge_invitation' }>, publicUrl: string): MailParts {
  const greeting = `Hi ${firstName(request.name)},`;
  switch (request.kind) {
    case 'verify_email':
      return {
        subject: `Confirm your email for ${PRODUCT}`,
        greeting,
        paragraphs: ['Welcome aboard. Confirm this is your address, so you can always get back into your account and receive your challenge invitations.'],
        action: { label: 'Verify my email', url: link(publicUrl, 'verify-email', { token: request.token }) },
        notes: [`The link works for ${EMAIL_VERIFY_TTL_HOURS} hours. If you did not sign up, ignore this mail.`],
      };
    case 'password_reset':
      return {
        subject: `Reset your ${PRODUCT} password`,
        greeting,
        paragraphs: ['We got a request to reset the password of your account. Choose a new one with the button below.'],
        action: { label: 'Set a new password', url: link(publicUrl, 'reset-password', { token: request.token }) },
        notes: [
          `The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. Setting a new password signs you out on every other device.`,
          'If you did not ask for it, ignore this mail: your password stays as it is.',
        ],
      };
    case 'password_changed':
      return {
        subject: `Your ${PRODUCT} password was changed`,
        greeting,
        paragraphs: ['The password of your account was just changed, and every other device was signed out.'],
        action: { label: 'Not you? Reset your password', url: link(publicUrl, 'forgot-password') },
        notes: ['If it was you, there is nothing to do.'],
      };
    case 'email_change_confirm':
      return {
        subject: `Confirm your new email for ${PRODUCT}`,
        greeting,
        paragraphs: [`Confirm ${request.new_email} as the address of your account. Until you do, your account keeps its current address.`],
        action: { label: 'Confirm this address', url: link(publicUrl, 'verify-email', { token: request.token }) },
        notes: [`The link works for ${EMAIL_VERIFY_TTL_HOURS} hours. If you did not ask for the change, ignore this mail.`],
      };
    case 'email_change_notice':
      return {
        subject: `Your ${PRODUCT} email is changing`,
        greeting,
        paragraphs: [
          `Someone signed in to your account asked to change its address to ${request.new_email}.`,
          'The change applies only once that address confirms it; until then your account stays at this one.',
        ],
        action: { label: 'Not you? Reset your password', url: link(publicUrl, 'forgot-password') },
      };
  }
}

function invitationParts(request: Extract<MailRequest, { kind: 'challenge_invitation' }>, publicUrl: string): MailParts {
  const { challenge } = request;
  return {
    subject: `${request.host_name} invited you to ${challenge.name} on ${PRODUCT}`,
    greeting: `Hi ${firstName(request.invitee_name)},`,
    paragraphs: [
      `${request.host_name} invited you to the challenge ${challenge.name}, from ${shortDate(challenge.start_at)} to ${shortDate(challenge.end_at)}.`,
      ...(challenge.description ? [challenge.description] : []),
      `Log your calls, meetings and doorknocks on ${PRODUCT}, earn points, and see where you stand against the others.`,
    ],
    action: { label: 'See the challenge', url: link(publicUrl, '', { challenge_id: String(challenge.id) }) },
    notes: ['No account yet? Sign up with this address and confirm it from the mail we send you: the invitation will be waiting.'],
  };
}

export function renderRequest(request: MailRequest, context: RenderContext): RenderedMail {
  const parts = request.kind === 'challenge_invitation' ? invitationParts(request, context.publicUrl) : accountParts(request, context.publicUrl);
  return render(parts, context);
}

export function renderWeeklyRecap(name: string, recap: WeeklyRecap, context: RenderContext): RenderedMail {
  const { points, logs, rank, goals_completed: goals, badges_earned: badges } = recap;
  const items = [
    `${points.value} points (${signed(points.change)} on the week before)`,
    `${logs.value} activities logged (${signed(logs.change)})`,
    ...(rank.value !== null ? [`#${rank.value} on the 7 Days board${rank.change ? ` (${rank.change > 0 ? `up ${rank.change}` : `down ${-rank.change}`})` : ''}`] : []),
    ...(recap.best_day.value ? [`Best day: ${shortDate(recap.best_day.value.date)} with ${recap.best_day.value.points} points`] : []),
    ...(goals.value > 0 ? [`Goals completed: ${goals.names.join(', ')}`] : []),
    ...(badges.value > 0 ? [`Badges earned: ${badges.badges.map((badge) => badge.name).join(', ')}`] : []),
  ];
  return render(
    {
      subject: points.value > 0 ? `Your week: ${points.value} points` : 'A new week to prospect',
      greeting: `Hi ${firstName(name)},`,
      paragraphs: [
        `Here is your week of ${shortDate(recap.week.start)} to ${shortDate(recap.week.end)}.`,
        points.value > 0 ? 'Keep the streak going this week.' : 'Last week was quiet. One call today starts the streak again.',
      ],
      items,
      action: { label: 'Open my dashboard', url: link(context.publicUrl, 'dashboard') },
    },
    context,
  );
}

export function renderDailyDigest(content: DigestContent, context: RenderContext): RenderedMail {
  const { nudges, invitations } = content;
  const counted = [
    ...(nudges.length > 0 ? [`${nudges.length} ${nudges.length === 1 ? 'nudge' : 'nudges'}`] : []),
    ...(invitations.length > 0 ? [`${invitations.length} challenge ${invitations.length === 1 ? 'invitation' : 'invitations'}`] : []),
  ].join(' and ');
  return render(
    {
      subject: `You have ${counted} waiting`,
      greeting: `Hi ${firstName(content.name)},`,
      paragraphs: ['Your team has been busy while you were out:'],
      items: [...nudges.map((nudge) => nudge.message), ...invitations.map((invite) => `${invite.from_name} invited you to ${invite.challenge_name}`)],
      action: { label: 'Open Prospect Warriors', url: link(context.publicUrl, 'dashboard') },
    },
    context,
  );
}

const STYLE = {
  body: 'margin:0;padding:0;background:#f4f5f7;',
  card: 'max-width:560px;margin:0 auto;padding:32px 24px;background:#ffffff;font-family:-apple-system,BlinkMacSystemFont,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2933;font-size:16px;line-height:1.5;',
  brand: 'margin:0 0 24px;font-size:14px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#c2410c;',
  paragraph: 'margin:0 0 16px;',
  button: 'display:inline-block;padding:12px 20px;border-radius:8px;background:#c2410c;color:#ffffff;font-weight:600;text-decoration:none;',
  note: 'margin:16px 0 0;font-size:14px;color:#52606d;',
  footer: 'margin:32px 0 0;padding-top:16px;border-top:1px solid #e4e7eb;font-size:12px;color:#7b8794;',
};

function render(parts: MailParts, context: RenderContext): RenderedMail {
  const footer = context.unsubscribeUrl
    ? `You get this mail because of your ${PRODUCT} mail settings. Unsubscribe: ${context.unsubscribeUrl}`
    : `${PRODUCT} sent this mail about your account.`;
  const text = [
    parts.greeting,
    ...parts.paragraphs,
    ...(parts.items?.length ? [parts.items.map((item) => `- ${item}`).join('\n')] : []),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`] : []),
    ...(parts.notes ?? []),
    `-- \n${footer}`,
  ].join('\n\n');
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(parts.subject)}</title></head>`,
    `<body style="${STYLE.body}"><div style="${STYLE.card}">`,
    `<p style="${STYLE.brand}">${PRODUCT}</p>`,
    `<p style="${STYLE.paragraph}">${escapeHtml(parts.greeting)}</p>`,
    ...parts.paragraphs.map((paragraph) => `<p style="${STYLE.paragraph}">${escapeHtml(paragraph)}</p>`),
    ...(parts.items?.length ? [`<ul style="${STYLE.paragraph}padding-left:20px;">${parts.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`] : []),
    ...(parts.action ? [`<p style="margin:24px 0;"><a href="${escapeHtml(parts.action.url)}" style="${STYLE.button}">${escapeHtml(parts.action.label)}</a></p>`] : []),
    ...(parts.notes ?? []).map((note) => `<p style="${STYLE.note}">${escapeHtml(note)}</p>`),
    context.unsubscribeUrl
      ? `<p style="${STYLE.footer}">You get this mail because of your ${PRODUCT} mail settings. <a href="${escapeHtml(context.unsubscribeUrl)}" style="color:#52606d;">Unsubscribe</a></p>`
      : `<p style="${STYLE.footer}">${PRODUCT} sent this mail about your account.</p>`,
    '</div></body></html>',
  ].join('\n');
  return { subject: parts.subject, text, html, link: parts.action?.url ?? null };
}
