// Every user-facing text of the product, written once (the product's titles, messages and toasts).
// Procedures throw them, forms show them, tests assert them. Texts marked "ours" are not shown in
// the product specification and were written to match the surrounding ones.
//
// `M` is the namespace of ./messages/groups.ts: `M.attendees.joinButton` is the `attendees` export of
// ./messages/attendees.ts, so the bundler keeps in a page's code only the groups it uses, and with them
// the files they are in (a file goes whole into one chunk). Groups that only organiser or sign-in screens
// show are in files of their own: /register does not download them (bench B6). Two groups of one name
// would make `export *` ambiguous, which TypeScript refuses.
export * as M from './messages/groups';
