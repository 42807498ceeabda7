// Texts of the attendee list downloads (spec §8, §6).

// spec §8 downloads, §6 visitor download
export const downloads = {
  failed: 'Download failed',
  failedBody: 'Please try again.', // ours
  failedContactSupport: 'Please contact support if the problem persists.', // ours
  notRegistered: 'You must be registered for this event to download attendee lists',
  paymentVerificationFailed: 'Payment verification failed',
  paymentCancelled: 'Payment cancelled',
  joinToDownload: 'Join Room to Download',
  // ours: the spec's note (§6), worded
  joinToDownloadNote:
    'Already joined? Return to the browser you joined with to download. On a different device you need to join again.',
  notOffered: 'Downloads are not available for this event', // ours
  noPaymentNeeded: 'This attendee list is free to download', // ours: a checkout asked for a free list
  // ours: the card's own words
  title: 'Download attendee list',
  formats: { csv: 'Spreadsheet (CSV)', pdf: 'Printable sheet with photos (PDF)' },
  download: 'Download',
  buy: (price: string) => `Buy for ${price}`,
} as const;
