// Texts of attendees and success toasts (spec §5, §8).
import { plural } from './plural';

// spec §5 attendee registration and edit, §8 attendees, §2 attendee screens, §6 visitor
export const attendees = {
  loadError: 'Error loading attendees. Please try again.',
  empty: 'No one has joined the room yet.',
  noMatch: (query: string) => `No attendees found matching "${query}"`,
  removeErrorTitle: 'Error removing attendee',
  removeErrorBody: 'Could not remove the attendee. Please try again.',
  cleanupFailedTitle: 'Cleanup failed',
  cleanupFailedBody: 'Could not process the data cleanup.',
  joinFailedTitle: 'Failed to join the room',
  joinFailedBody: 'There was an error adding you to the room. Please try again.',
  retryJoin: 'Retry', // ours: the failed join's button (same form, same browser token)
  checkOutNotCheckedIn: 'Only someone checked in can be checked out.', // ours (here now)
  hereNow: (here: number, joined: number) => `${here} here now · ${joined} joined`, // ours (here now)
  hereNowBadge: 'Here now', // ours
  leftAt: (time: string) => `Left ${time}`, // ours
  sendingPhoto: (percent: number) => `Sending your photo… ${percent}%`, // ours: a slow upload's progress
  photoUploadFailedTitle: 'Upload failed',
  photoUploadFailedBody: 'There was an error uploading your photo. Please try again.',
  updateFailed: 'Update failed',
  entryNotFound: 'Registration not found', // ours: the spec names the case, not the text
  roomLoadError: 'Error loading room details',
  roomClosed: "This room's attendee data has been cleaned up, so it takes no new entries.", // ours
  firstNameInvalid: 'First name is required and must contain only valid characters',
  lastNameInvalid: 'Last name is required and must contain only valid characters',
  photoRequired: 'Photo is required - please upload a photo',
  photoRequiredShort: 'Please upload a photo',
  emailRequiredForEvent: 'Email is required for this event',
  phoneRequiredForEvent: 'Phone number is required for this event',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number',
  headlineTooLong: 'Headline must be 300 characters or less',
  unsupportedFormatTitle: 'Unsupported image format',
  unsupportedFormatBody: 'Please select a JPEG, PNG, GIF, or WebP image file.',
  photoTooLargeTitle: 'File too large',
  photoTooLargeBody: 'Please select an image smaller than 5MB.',
  missingInfoTitle: 'Missing information',
  missingInfoBody: 'First name and last name are required.',
  emailRequired: 'Email required',
  phoneRequired: 'Phone required',
  joinTitle: (eventName: string) => `Join the room for ${eventName}`,
  importLinkedIn: 'Import from LinkedIn',
  orManual: 'Or add details manually',
  joinButton: 'Join the room',
  editTitle: 'Edit Your Information',
  accessDenied: 'Access Denied',
  viewList: 'View Attendee List',
  backToList: 'Back to the attendee list', // ours: the edit page's way out without saving
  search: 'Search attendees...',
  you: '(You)',
  findOnLinkedIn: 'Find on LinkedIn',
  nobodyInRoom: 'Nobody is in the room!',
  // ours: the spec says what the cleaned view tells, not the wording
  displayCleaned: "This event's attendee data was cleaned up automatically after the event.",
  scanToGetOnList: 'Scan to get on this list:',
  retry: 'Retry',
  sort: { 'name-asc': 'A-Z', 'name-desc': 'Z-A', newest: 'Newest', oldest: 'Oldest' },
} as const;
// spec §8 success messages
export const success = {
  checkedIn: 'Attendee checked in successfully',
  checkInUndone: 'Check-in undone successfully',
  // ours (here now): the spec has no check-out
  checkedOut: 'Attendee checked out',
  checkOutUndone: 'Check-out undone',
  registrationDeleted: 'Registration deleted successfully',
  eventCreated: 'Event created successfully!',
  eventUpdated: 'Event updated successfully!',
  eventDeleted: 'Event deleted successfully',
  joined: 'Successfully joined the room!',
  photoUploaded: 'Photo uploaded successfully!',
  linkedinImported: 'LinkedIn profile imported!',
  infoUpdated: 'Information updated successfully!',
  logoUploaded: 'Logo uploaded successfully',
  logoRemoved: 'Logo removed',
  imageOptimized: 'Image optimized',
  urlCopied: 'URL copied',
  attendeeRemoved: 'Attendee removed',
  cleanupCompleted: 'Data cleanup completed',
  // ours: the spec says what is reported, not the wording
  cleanupReport: (events: number, records: number) =>
    `Processed ${plural(events, 'event', 'events')} and removed ${plural(records, 'personal record', 'personal records')}.`,
  membershipUpdated: 'Membership status updated successfully',
  redirectingToPayment: 'Redirecting to payment',
  downloadStarted: 'Download started',
} as const;
