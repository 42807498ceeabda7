import { escapeHtml } from '../../lib/escape-html';
import type { Mail } from './mailer';

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
};
