import { notifications } from '@mantine/notifications';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DOWNLOADS } from '#shared/constants';
import { M } from '#shared/messages';
import type { DownloadFormat } from '#shared/schemas/downloads';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';
import type { MyRegistration } from '../registrations/use-my-registration';
import { saveFile } from './save-file';

const QUERY_KEYS = ['download', 'format', 'session_id'];
const isFormat = (v: string | null): v is DownloadFormat =>
  (DOWNLOADS.FORMATS as readonly (string | null)[]).includes(v);

/**
 * spec §4 post-payment download: back from the checkout with download=success, format and session_id,
 * the session is verified (downloads.prepare asks the provider) and the file downloaded; download=cancelled
 * says "Payment cancelled". Either way those query values are then removed (history replaced, so Back does
 * not repeat it). True while a returned payment is being verified.
 */
export function useDownloadReturn(eventId: string, mine: UseQueryResult<MyRegistration | null>) {
  const [params, setParams] = useSearchParams();
  const prepare = trpc.downloads.prepare.useMutation();
  const handled = useRef<string | null>(null);
  const [working, setWorking] = useState(false);
  const status = params.get('download');
  const format = params.get('format');
  const sessionId = params.get('session_id');
  const waiting = mine.isPending;
  const owner = mine.data;

  useEffect(() => {
    if (!status) return;
    const key = `${status}|${format}|${sessionId}`;
    if (handled.current === key) return;
    const clear = () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const k of QUERY_KEYS) next.delete(k);
          return next;
        },
        { replace: true },
      );
    if (status === 'cancelled') {
      handled.current = key;
      notifications.show({ color: 'yellow', message: M.downloads.paymentCancelled });
      clear();
      return;
    }
    if (status !== 'success') {
      handled.current = key;
      clear();
      return;
    }
    if (waiting) return; // which registration this browser holds is still being asked
    handled.current = key;
    if (!owner || !isFormat(format) || !sessionId) {
      const message = owner ? M.downloads.paymentVerificationFailed : M.downloads.notRegistered;
      notifications.show({ color: 'red', title: M.downloads.failed, message });
      clear();
      return;
    }
    setWorking(true);
    prepare
      .mutateAsync({
        eventId,
        format,
        registrationId: owner.registration.id,
        registrationToken: owner.token,
        sessionId,
      })
      .then((file) => {
        saveFile(file.downloadUrl, file.fileName);
        notifications.show({ color: 'green', message: M.success.downloadStarted });
      })
      .catch((err: unknown) => {
        notifications.show({
          color: 'red',
          title: M.downloads.failed,
          message: `${errorMessage(err)}. ${M.downloads.failedContactSupport}`,
        });
      })
      .finally(() => {
        setWorking(false);
        clear();
      });
  }, [status, format, sessionId, waiting, owner, eventId, prepare, setParams]);

  return working;
}
