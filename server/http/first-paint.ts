import fs from 'node:fs/promises';
import path from 'node:path';
import { eventWhen, eventWhere } from '#shared/event-lines';
import { INTRO_SLOTS, PAGE_SCRIPTS_ELEMENT_ID, REGISTER_INTRO_FILE } from '#shared/first-paint';
import { M } from '#shared/messages';
import type { PublicEventDto } from '#shared/schemas/registrations';
import { escapeHtml } from '../lib/escape-html';
import { jsonForScript, type RouteDataEntry } from './route-data';

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
 * that paint.
 *
 * With `loader` (the built client/after-paint.ts), they leave the HTML for a list (#page-scripts, entry
 * first) that the loader asks for once the first paint is on screen: one frame later than the parser
 * would. Lighthouse's simulated load counts every module script fetched before the page's largest paint
 * as needed for it (it cannot tell a module's evaluation from a blocking script's), so requested during
 * the parse they put B7's LCP past 2 s on a slow phone, though Chromium reports the title, painted first,
 * as the LCP. Without a loader (an older build), or with a page not shaped as built, the scripts stay in
 * the page, fetched with `fetchpriority="low"` (they are all this page fetches, so they still start at once).
 */
export function withFirstPaint(html: string, markup: string, loader?: string): string {
  const page = html
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
    .replace(/<html( [^>]*)?>/, (tag) =>
      tag.includes('data-mantine-color-scheme') ? tag : tag.replace('<html', '<html data-mantine-color-scheme="light"'),
    );
  const lowPriority = () =>
    page.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
  if (!loader) return lowPriority();
  const entries: string[] = [];
  const preloads: string[] = [];
  const bare = page
    .replace(/\s*<script type="module"[^>]*? src="([^"]+)"[^>]*><\/script>/g, (_tag, src: string) => {
      entries.push(src);
      return '';
    })
    .replace(/\s*<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>/g, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  if (entries.length !== 1 || !bare.includes('</body>')) return lowPriority();
  const list = jsonForScript([entries[0], ...new Set(preloads)]);
  return bare.replace(
    '</body>',
    () =>
      `  <script type="application/json" id="${PAGE_SCRIPTS_ELEMENT_ID}">${list}</script>\n` +
      `    <script type="module" crossorigin src="/${loader}"></script>\n  </body>`,
  );
}
