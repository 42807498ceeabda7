// The text groups of `M` (../messages.ts), one export each: a file holds the groups that the same pages
// show, so a page that shows one of them does not download texts only other pages show.
export * from './account';
export * from './admin';
export * from './attendees';
export * from './auth';
export * from './choices';
export * from './common';
export * from './door';
export * from './downloads';
export * from './events';
export * from './linkedin';
export * from './membership';
export * from './payments';
export * from './privacy';
export * from './time-zones';
