import { lazy, Suspense } from 'react';
import { trpc } from '../../lib/trpc';
import type { LinkedInProfile } from './registration-form';

// Fetched only where the server has LinkedIn configured: a page without it does not download it (issue 8 B6).
const ImportFromLinkedIn = lazy(() =>
  import('../linkedin/import-from-linkedin').then((m) => ({ default: m.ImportFromLinkedIn })),
);

/**
 * spec §2 /register: "An optional 'Import from LinkedIn' button, then the divider 'Or add details
 * manually'", shown only when the server has LinkedIn configured (publicConfig.linkedinEnabled).
 */
export function LinkedInImportSlot({ onImport }: { onImport: (profile: LinkedInProfile) => void }) {
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  if (!config.data?.linkedinEnabled) return null;
  return (
    <Suspense fallback={null}>
      <ImportFromLinkedIn onImport={onImport} />
    </Suspense>
  );
}
