// What the callback page posts to the window that opened it (same origin only, both ways).

export const LINKEDIN_MESSAGE = 'roomlist:linkedin-callback';

export type LinkedInCallbackMessage = {
  type: typeof LINKEDIN_MESSAGE;
  code: string | null;
  state: string | null;
  error: string | null;
};

export function isCallbackMessage(data: unknown): data is LinkedInCallbackMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === LINKEDIN_MESSAGE;
}
