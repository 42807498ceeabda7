// Mantine styles every page loads (issue 7 item 11): baseline, global and the components the public pages
// use (spec §2 /register, /event-list, /event-display, /event-qr) with the ones Mantine builds others on,
// in the order of @mantine/core/styles.css (a later rule wins a tie, so the order is kept). Components
// only the attendee list shows come with it (./list-styles.ts: ~1.7 KB less on /register, issue 8 B6);
// the toasts' styles with the toast container, the Divider's with the LinkedIn import too. Mantine's
// default CSS variables (27 KB) are not here: MantineProvider writes them all (client/providers.tsx).
// Organiser screens load the full stylesheet as well (./organiser-styles.ts). A component added to a
// public page needs its file here or there; tests/e2e/route-split.e2e.test.ts checks that each one a
// public page renders is loaded.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
