import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { M } from '#shared/messages';
import { myDataMessages } from '#shared/messages/my-data';
import type { MyDataRequest } from '#shared/schemas/my-data';
import { trpc } from '../../lib/trpc';
import { errorCode, errorMessage } from '../../lib/trpc-errors';
import { forgetRegistrationToken } from '../registrations/registration-tokens';
import { myRegistrationKey } from '../registrations/use-my-registration';
import { type MyDataFormat, myDataCsv, myDataFileName, myDataJson, saveText } from './my-data-files';

/**
 * The owner's two actions on their entry: a copy of their data saved as a file, and their removal from
 * the room, after which this browser forgets the token and shows the room as a visitor.
 */
export function useMyData(owner: MyDataRequest, eventName: string, onRemoved: () => void) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const download = trpc.myData.download.useMutation();
  const remove = trpc.myData.remove.useMutation();
  const [saving, setSaving] = useState<MyDataFormat | null>(null);

  async function save(format: MyDataFormat) {
    setSaving(format);
    try {
      const data = await download.mutateAsync(owner);
      const name = myDataFileName(eventName, format);
      if (format === 'json') saveText(myDataJson(data), name, 'application/json');
      else saveText(myDataCsv(data, window.location.origin), name, 'text/csv;charset=utf-8');
      notifications.show({ color: 'green', message: M.success.downloadStarted });
    } catch (err) {
      notifications.show({ color: 'red', title: myDataMessages.myData.downloadFailed, message: errorMessage(err) });
    } finally {
      setSaving(null);
    }
  }

  /** Whatever the answer, a token the server no longer knows is forgotten. */
  function forget() {
    forgetRegistrationToken(owner.registrationId);
    queryClient.setQueryData(myRegistrationKey(owner.eventId), null);
    queryClient.removeQueries({ queryKey: ['registrations', 'editable', owner.eventId] });
    void utils.registrations.list.invalidate({ eventId: owner.eventId });
  }

  async function leave() {
    try {
      await remove.mutateAsync(owner);
    } catch (err) {
      // "Access Denied": the entry is gone already (removed by the organiser, or the room was cleaned)
      if (errorCode(err) !== 'FORBIDDEN') {
        notifications.show({ color: 'red', title: myDataMessages.myData.removeFailed, message: errorMessage(err) });
        return;
      }
    }
    forget();
    // toasts about the entry (a download started) are stale now
    notifications.clean();
    onRemoved();
  }

  return { save, saving, leave, leaving: remove.isPending };
}
