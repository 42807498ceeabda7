import { trpc } from '../../lib/trpc';
import { ImportFromLinkedIn } from '../linkedin/import-from-linkedin';
import type { LinkedInProfile } from './registration-form';

/**
 * spec §2 /register: "An optional 'Import from LinkedIn' button, then the divider 'Or add details
 * manually'", shown only when the server has LinkedIn configured (publicConfig.linkedinEnabled).
 */
export function LinkedInImportSlot({ onImport }: { onImport: (profile: LinkedInProfile) => void }) {
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  if (!config.data?.linkedinEnabled) return null;
  return <ImportFromLinkedIn onImport={onImport} />;
}
