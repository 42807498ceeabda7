// Mantine styles only the attendee list (spec §2 /event-list) adds to ./public-styles.ts: its sort
// control, badges, sponsor image, the Info and photo dialogs, the QR card's grid and divider. Loaded with
// the page (client/routes.tsx), so /register does not download them (issue 8 B6). Only components whose elements carry no class of a
// component that comes later in @mantine/core/styles.css: loaded after the full stylesheet (an organiser
// opening the list), their rules still win no tie they did not win before.
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/SegmentedControl.css';
