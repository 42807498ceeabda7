// Texts of the LinkedIn import (spec §8).

// spec §8 LinkedIn
export const linkedin = {
  importFailedTitle: 'LinkedIn import failed',
  importFailedBody: 'Please try again or fill in manually.',
  popupBlocked: 'Popup blocked. Please allow popups for this site.',
  cancelled: 'Authentication was cancelled',
  securityFailed: 'Security validation failed',
  expired: 'Authentication expired',
  noCode: 'No authorization code received',
  // ours: the callback page opened without the registration page that started the import
  callbackNoOpener:
    'This window was opened for a LinkedIn import. Close it and start again from the registration page.',
} as const;
