import { followUpMailTexts as F } from '#shared/messages/follow-up-mail';
import { escapeHtml } from '../../lib/escape-html';
import type { AttendeeMailKey, Mail } from './mailer';

const esc = escapeHtml;

function linkMail(to: string, subject: string, intro: string, action: string, link: string, outro: string): Mail {
  return {
    to,
    subject,
    link,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}\n`,
    html: `<p>${esc(intro)}</p><p><a href="${esc(link)}">${esc(action)}</a></p><p style="color:#666">${esc(outro)}</p>`,
  };
}

export const templates = {
  confirmSignup: (appName: string, to: string, firstName: string, link: string) =>
    linkMail(
      to,
      `Confirm your ${appName} account`,
      `Hi ${firstName}, thanks for signing up to ${appName}. Please confirm your e-mail address.`,
      'Confirm my e-mail',
      link,
      'The link works once and expires in 24 hours. If you did not sign up, ignore this message.',
    ),
  resetPassword: (appName: string, to: string, link: string) =>
    linkMail(
      to,
      `Reset your ${appName} password`,
      `Someone asked to reset the password of your ${appName} account.`,
      'Set a new password',
      link,
      'The link works once and expires in 1 hour. If it was not you, ignore this message.',
    ),
  followUp: followUpMail,
};

/** One connection as the follow-up mail shows it: contacts only where that person allowed them. */
export type FollowUpEntry = { name: string; headline: string | null } & (
  | { shares: true; email: string | null; phone: string | null }
  | { shares: false }
);

export type FollowUpMail = {
  to: string;
  firstName: string;
  eventName: string;
  /** e.g. 'Friday, 27 November 2026' */
  eventDate: string;
  /** When the room's data is deleted, as the event's zone reads it. */
  deletesAt: string;
  roomLink: string;
  connections: FollowUpEntry[];
  key: AttendeeMailKey;
};

function entryLines(c: FollowUpEntry): string[] {
  const lines = [c.name];
  if (c.headline) lines.push(c.headline);
  if (!c.shares) lines.push(F.organiserOnly);
  else if (!c.email && !c.phone) lines.push(F.noContacts);
  else {
    if (c.email) lines.push(`${F.email}: ${c.email}`);
    if (c.phone) lines.push(`${F.phone}: ${c.phone}`);
  }
  return lines;
}

function entryHtml(c: FollowUpEntry): string {
  const lines = [`<strong>${esc(c.name)}</strong>`];
  if (c.headline) lines.push(esc(c.headline));
  if (!c.shares) lines.push(`<span style="color:#666">${esc(F.organiserOnly)}</span>`);
  else if (!c.email && !c.phone) lines.push(`<span style="color:#666">${esc(F.noContacts)}</span>`);
  else {
    if (c.email) lines.push(`${esc(F.email)}: <a href="mailto:${esc(c.email)}">${esc(c.email)}</a>`);
    if (c.phone) lines.push(`${esc(F.phone)}: ${esc(c.phone)}`);
  }
  return `<li style="margin:0 0 12px">${lines.join('<br>')}</li>`;
}

/** The day before the erasure: an attendee's connections and what each shares (docs/follow-up-mail.md). */
export function followUpMail(m: FollowUpMail): Mail {
  return {
    to: m.to,
    subject: F.subject(m.eventName),
    link: m.roomLink,
    attendee: m.key,
    text: `${[
      F.greeting(m.firstName),
      F.intro(m.eventName, m.eventDate),
      ...m.connections.map((c) => entryLines(c).join('\n')),
      F.deletion(m.deletesAt),
      `${F.openRoom}: ${m.roomLink}`,
      F.why,
    ].join('\n\n')}\n`,
    html: [
      `<p>${esc(F.greeting(m.firstName))}</p>`,
      `<p>${esc(F.intro(m.eventName, m.eventDate))}</p>`,
      `<ul style="list-style:none;padding:0">${m.connections.map(entryHtml).join('')}</ul>`,
      `<p>${esc(F.deletion(m.deletesAt))}</p>`,
      `<p><a href="${esc(m.roomLink)}">${esc(F.openRoom)}</a></p>`,
      `<p style="color:#666">${esc(F.why)}</p>`,
    ].join(''),
  };
}
