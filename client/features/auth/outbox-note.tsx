import { Alert } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { M } from '#shared/messages';
import { trpc } from '../../lib/trpc';

/** With no SMTP server configured the server writes mail to DATA_DIR/outbox and logs the link: say so. */
export function OutboxNote({ text }: { text: string }) {
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  if (config.data?.mailMode !== 'outbox') return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconInbox size={18} />} title={M.mail.outboxTitle} ta="left">
      {text}
    </Alert>
  );
}
