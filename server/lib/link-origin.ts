import type { Config } from '../config';

/** The URL of a server listening on host:port, as a browser on this machine would write it. */
export function listenUrl(host: string, port: number): string {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  const name = wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * The origin of links in e-mails: BASE_URL, else the address this server listens on. Never a
 * request's Host or X-Forwarded-Host: those are the sender's to choose, and a reset link pointing
 * elsewhere would hand its token to that host.
 */
export function createLinkOrigin(config: Config) {
  let listening = listenUrl(config.host, config.port);
  return {
    get: () => config.baseUrl ?? listening,
    /** app.listen tells the port actually bound (PORT=0 picks one). */
    listeningOn: (url: string) => {
      listening = url;
    },
  };
}
export type LinkOrigin = ReturnType<typeof createLinkOrigin>;
