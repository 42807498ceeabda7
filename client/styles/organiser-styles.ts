// Organiser and sign-in screens: Mantine's full stylesheet, loaded with their code (client/routes.tsx),
// after the public subset (./public-styles.ts), so every rule applies in its original order exactly as
// when this was the only stylesheet. @mantine/dates' styles come with the event form that uses them.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
