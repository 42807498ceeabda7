import { APP } from '#shared/constants';

/**
 * APP_NAME as the server wrote it into index.html's <meta name="application-name">: there before any
 * script runs, so no default flashes and no inline script is needed (the CSP forbids those).
 */
export function appName(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="application-name"]');
  return meta?.content.trim() || APP.NAME;
}
