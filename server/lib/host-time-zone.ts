import fs from 'node:fs';
import path from 'node:path';
import { IANA_NAME, localTimeZone } from '#shared/zone-names';

const ZONEINFO = '/usr/share/zoneinfo';
// Names of UTC in the zone database that Intl spells 'UTC'.
const UTC_NAMES = new Set(['Etc/UTC', 'Etc/UCT', 'Etc/Universal', 'Etc/Zulu', 'UCT', 'Universal', 'Zulu']);

export type HostZoneSources = {
  tz: string | undefined;
  readLink: (file: string) => string;
  exists: (file: string) => boolean;
};

const system: HostZoneSources = {
  tz: process.env.TZ,
  readLink: (file) => fs.readlinkSync(file),
  exists: (file) => fs.existsSync(file),
};

/** 'Europe/London' from 'Europe/London', ':Europe/London' or '…/zoneinfo/Europe/London', if the zone database has it. */
function zoneNamed(spec: string | undefined, exists: HostZoneSources['exists']): string | undefined {
  if (!spec) return undefined;
  const at = spec.indexOf('zoneinfo/');
  // 'posix/' and 'right/' are the database's copies of every zone (the latter counting leap seconds): same names
  const name = (at >= 0 ? spec.slice(at + 'zoneinfo/'.length) : spec.replace(/^:/, '')).replace(
    /^(?:posix|right)\//,
    '',
  );
  if (!IANA_NAME.test(name) || !exists(path.join(ZONEINFO, name))) return undefined;
  return UTC_NAMES.has(name) ? 'UTC' : name;
}

/**
 * The zone this server's machine is set to, as the system names it (TZ, else the /etc/localtime link),
 * read without Intl: the first Intl date or number format loads ~8 MB of ICU's data, which an idle
 * server does not need (bench B8). Anything else (a POSIX rule in TZ, no link) is asked of Intl.
 */
export function hostTimeZone(sources: HostZoneSources = system): string {
  if (sources.tz !== undefined) return zoneNamed(sources.tz, sources.exists) ?? localTimeZone();
  let link: string | undefined;
  try {
    link = sources.readLink('/etc/localtime');
  } catch {
    // not a link (a copied file) or missing
  }
  return zoneNamed(link, sources.exists) ?? localTimeZone();
}
