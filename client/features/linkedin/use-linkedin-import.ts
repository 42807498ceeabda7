import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { LINKEDIN } from '#shared/constants';
import { checkState, encodeState } from '#shared/linkedin-state';
import { M } from '#shared/messages';
import type { LinkedInProfile } from '#shared/schemas/linkedin';
import { notifyOnce } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { isCallbackMessage, type LinkedInCallbackMessage } from './linkedin-message';

const STATE_KEY = 'roomlist:linkedin-state';
const POLL_MS = 500; // how often a popup closed by hand is noticed
const TOAST = 'linkedin';

const clearState = () => sessionStorage.removeItem(STATE_KEY);

function randomState() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function failed(message: string = M.linkedin.importFailedBody) {
  clearState();
  notifyOnce(TOAST, { color: 'red', title: M.linkedin.importFailedTitle, message });
}

/** Centred on the opener, LINKEDIN.POPUP_WIDTH x POPUP_HEIGHT (spec §9). */
function popupFeatures() {
  const w = LINKEDIN.POPUP_WIDTH;
  const h = LINKEDIN.POPUP_HEIGHT;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - w) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - h) / 2));
  return `popup=yes,width=${w},height=${h},left=${left},top=${top}`;
}

/**
 * spec §4 LinkedIn import, §7 LinkedIn: the authorisation page opens in a popup with a fresh random
 * state (kept in this tab with its time); the callback page posts code and state back; the state is
 * checked, then the server exchanges the code and returns the profile (picture already processed).
 * Every failure clears the stored state.
 */
export function useLinkedInImport(onImport: (profile: LinkedInProfile) => void) {
  const authorization = trpc.linkedin.authorization.useQuery(undefined, {
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const exchange = trpc.linkedin.exchange.useMutation();
  const stopWaiting = useRef<(() => void) | null>(null);
  const onImportRef = useRef(onImport);
  onImportRef.current = onImport;

  useEffect(() => () => stopWaiting.current?.(), []);

  async function finish(m: LinkedInCallbackMessage, redirectUri: string) {
    if (m.error) return failed(m.error.startsWith('user_cancelled') ? M.linkedin.cancelled : undefined);
    const invalid = checkState(sessionStorage.getItem(STATE_KEY), m.state, Date.now());
    if (invalid) return failed(invalid);
    if (!m.code) return failed(M.linkedin.noCode);
    clearState(); // used once
    try {
      const profile = await exchange.mutateAsync({ code: m.code, redirectUri });
      onImportRef.current(profile);
      notifyOnce(TOAST, { color: 'green', message: M.success.linkedinImported });
    } catch {
      failed();
    }
  }

  // Synchronous up to window.open: a popup opened after an await is no longer the click's, and blocked.
  function start() {
    const a = authorization.data;
    if (!a) return;
    stopWaiting.current?.();
    const state = randomState();
    sessionStorage.setItem(STATE_KEY, encodeState(state, Date.now()));
    const redirectUri = `${window.location.origin}${LINKEDIN.CALLBACK_PATHS[0]}`;
    const url = new URL(a.authUrl);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: a.clientId,
      redirect_uri: redirectUri,
      scope: a.scope,
      state,
    }).toString();

    const popup = window.open(url.href, 'linkedin-import', popupFeatures());
    if (!popup) {
      clearState();
      notifyOnce(TOAST, { color: 'red', message: M.linkedin.popupBlocked });
      return;
    }
    notifications.hide(TOAST);

    let closedSeen = false;
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== popup || !isCallbackMessage(e.data)) return;
      stop();
      popup.close();
      void finish(e.data, redirectUri);
    };
    // A popup closed by hand says nothing: notice it. One more round first, so a message the callback
    // posted just before closing is read before this gives up.
    const poll = window.setInterval(() => {
      if (!popup.closed) return;
      if (!closedSeen) {
        closedSeen = true;
        return;
      }
      stop();
      failed(M.linkedin.cancelled);
    }, POLL_MS);
    const stop = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(poll);
      stopWaiting.current = null;
    };
    window.addEventListener('message', onMessage);
    stopWaiting.current = stop;
  }

  return {
    start,
    ready: Boolean(authorization.data),
    // Not busy while the popup is open: a second click (the popup lost behind this window) starts afresh in it.
    busy: exchange.isPending,
  };
}
