import type { LinkedInProfile } from './registration-form';

/**
 * spec §2 /register: "An optional 'Import from LinkedIn' button, then the divider 'Or add details
 * manually'", shown only when the server has LinkedIn configured. The LinkedIn feature fills this slot
 * (button, popup, divider); until then it renders nothing, so the form starts with the photo.
 */
export function LinkedInImportSlot(_props: { onImport: (profile: LinkedInProfile) => void }) {
  return null;
}
