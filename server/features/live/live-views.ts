import type { RegistrationDto } from '#shared/schemas/registrations';
import { ANY_ATTENDEE, type ListViewer, toAttendeeDto, VISITOR } from '../registrations/attendee-dto';
import { type LiveItem, liveItem } from './live-feed';
import type { LiveChange } from './live-payload';

/**
 * Who follows an event live (docs/privacy.md): the organiser (every field), a visitor (no e-mail or phone),
 * or an attendee (contacts as each entry's choice allows them, `connected` marks).
 */
export type LiveViewer = { kind: 'organiser' } | { kind: 'visitor' } | { kind: 'attendee'; id: string };

type Variant = 'visitor' | 'room';
// Each batch's shared variants, made on first use and gone with the batch: every visitor gets the same
// frame, as does every attendee the batch holds nothing personal for (their own entry, a connection).
const variants = new WeakMap<LiveItem, Map<Variant, LiveItem>>();

const projected = (item: LiveItem, viewer: ListViewer) =>
  liveItem(
    item.changes.map(
      (c): LiveChange =>
        c.registration ? { ...c, registration: toAttendeeDto(c.registration as RegistrationDto, viewer) } : c,
    ),
    item.connections,
  );

function shared(item: LiveItem, variant: Variant): LiveItem {
  let made = variants.get(item);
  if (!made) {
    made = new Map();
    variants.set(item, made);
  }
  let out = made.get(variant);
  if (!out) {
    out = projected(item, variant === 'visitor' ? VISITOR : ANY_ATTENDEE);
    made.set(variant, out);
  }
  return out;
}

/** Whether the batch holds something only this attendee sees: their own entry or a connection's. */
const personal = (item: LiveItem, id: string) =>
  item.changes.some((c) => c.id === id || Boolean(c.id && item.connections?.get(c.id)?.has(id)));

/**
 * What one subscriber receives of each batch. An attendee whose own entry is removed (by themselves or the
 * organiser) sees the rest as a visitor from then on: their token no longer proves anything.
 */
export function liveView(viewer: LiveViewer): (items: LiveItem[]) => LiveItem[] {
  if (viewer.kind === 'organiser') return (items) => items;
  if (viewer.kind === 'visitor') return (items) => items.map((item) => shared(item, 'visitor'));
  let id: string | null = viewer.id;
  return (items) =>
    items.map((item) => {
      const me = id;
      if (me === null) return shared(item, 'visitor');
      if (item.changes.some((c) => c.id === me && c.kind === 'removed')) id = null;
      if (!personal(item, me)) return shared(item, 'room');
      return projected(item, {
        id: id === null ? null : me,
        connected: new Set(item.changes.flatMap((c) => (c.id && item.connections?.get(c.id)?.has(me) ? [c.id] : []))),
      });
    });
}
