import { useSyncExternalStore } from 'react';

/**
 * Upload progress of the tRPC calls that carry a photo (a join, an edit): fetch cannot report how much of
 * a request body has been sent, so tRPC's calls go through `fetchWithUploadProgress` (XMLHttpRequest),
 * which publishes here the fraction sent of any body over TRACKED_BYTES (only a photo is that large).
 * `null` while no such body is being sent.
 */
const TRACKED_BYTES = 4 * 1024;
let sent: number | null = null;
const listeners = new Set<() => void>();
const publish = (v: number | null) => {
  sent = v;
  for (const l of listeners) l();
};

export function useUploadProgress(): number | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => sent,
  );
}

/** A `fetch` for tRPC's httpLink built on XMLHttpRequest, for its upload progress events. */
export const fetchWithUploadProgress = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init?.method ?? 'GET', String(input));
    for (const [key, value] of new Headers(init?.headers)) xhr.setRequestHeader(key, value);
    xhr.responseType = 'text';
    const body = init?.body;
    const tracked = typeof body === 'string' && body.length > TRACKED_BYTES;
    if (tracked) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) publish(e.loaded / e.total);
      };
    }
    const done = () => {
      if (tracked) publish(null);
    };
    xhr.onload = () => {
      done();
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers }));
    };
    // as fetch does: a request that never got an answer rejects with a TypeError
    xhr.onerror = () => {
      done();
      reject(new TypeError('Failed to fetch'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new DOMException('The request was aborted', 'AbortError'));
    };
    init?.signal?.addEventListener('abort', () => xhr.abort());
    if (tracked) publish(0);
    xhr.send((body as XMLHttpRequestBodyInit | null | undefined) ?? null);
  });
