import { MantineProvider, Stack } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { INTRO_SLOTS } from '#shared/first-paint';
import { EventIntroView } from '../features/registrations/event-intro';
import { PublicLayout } from '../features/registrations/public-layout';
import { PROVIDER_PROPS } from '../theme';

/**
 * issue 8 B7: the join page's first paint as the server sends it, made at build time
 * (scripts/prerender.ts) from the components the page renders, in the tree the page has until its form
 * follows (join-page.tsx: the layout, the column, the intro): the event's title shows as soon as the
 * HTML has arrived, and React's first render replaces it with the same markup.
 */
export function registerIntroTemplate(): string {
  return renderToStaticMarkup(
    <MantineProvider {...PROVIDER_PROPS}>
      <PublicLayout size={560}>
        <Stack gap="lg">
          <EventIntroView
            appName={INTRO_SLOTS.appName}
            title={INTRO_SLOTS.title}
            when={INTRO_SLOTS.when}
            where={INTRO_SLOTS.where}
          />
        </Stack>
      </PublicLayout>
    </MantineProvider>,
  );
}
