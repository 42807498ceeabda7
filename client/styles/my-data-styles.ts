// Mantine styles the owner's data card (client/features/my-data/my-data-card.tsx) adds to ./public-styles.ts
// on the edit page: its confirmation dialog. The attendee list loads the same file (./list-styles.ts);
// a page that has both loads it once.
import '@mantine/core/styles/Modal.css';
