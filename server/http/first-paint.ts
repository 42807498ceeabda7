import fs from 'node:fs/promises';
import path from 'node:path';
import { eventWhen, eventWhere } from '#shared/event-lines';
import { INTRO_SLOTS, REGISTER_INTRO_FILE } from '#shared/first-paint';
import { M } from '#shared/messages';
import type { PublicEventDto } from '#shared/schemas/registrations';
import { escapeHtml } from '../lib/escape-html';
import type { RouteDataEntry } from './route-data';

/** The join page's first paint as the client build wrote it (scripts/prerender.ts), or undefined (an older build, a test's hand-made folder). */
export async function readRegisterIntro(clientDir: string): Promise<string | undefined> {
  try {
    const template = await fs.readFile(path.join(clientDir, REGISTER_INTRO_FILE), 'utf8');
    return Object.values(INTRO_SLOTS).every((slot) => template.includes(slot)) ? template : undefined;
  } catch {
    return undefined;
  }
}

/** The page's event, when the page carries it (route-data.ts: only /register/{id} with a known event). */
export function pageEvent(data: RouteDataEntry[] | undefined): PublicEventDto | undefined {
  const entry = data?.find((e) => e.path === 'registrations.event');
  return entry?.data ? (entry.data as PublicEventDto) : undefined;
}

/** The template with this event's texts in their places, HTML-escaped. */
export function fillRegisterIntro(template: string, appName: string, event: PublicEventDto): string {
  const texts: Record<string, string> = {
    [INTRO_SLOTS.appName]: appName,
    [INTRO_SLOTS.title]: M.attendees.joinTitle(event.name),
    [INTRO_SLOTS.when]: eventWhen(event),
    [INTRO_SLOTS.where]: eventWhere(event),
  };
  return template.replace(/__RL_[A-Z_]+?__/g, (slot) => escapeHtml(texts[slot] ?? ''));
}

/**
 * issue 8 B7: `markup` as the content of the page's #root (React's first render clears it and draws the
 * same), with the light colour scheme the provider would set on <html> already set, so the first paint
 * shows the event's title as soon as the HTML has arrived. The page's scripts are then not needed for
 * that paint: they are fetched with `fetchpriority="low"` (they are all this page fetches, so they
 * still start at once).
 */
export function withFirstPaint(html: string, markup: string): string {
  return html
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
    .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
    .replace(/<html( [^>]*)?>/, (tag) =>
      tag.includes('data-mantine-color-scheme') ? tag : tag.replace('<html', '<html data-mantine-color-scheme="light"'),
    );
}
